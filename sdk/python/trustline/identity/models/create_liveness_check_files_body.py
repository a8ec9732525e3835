from __future__ import annotations

from collections.abc import Mapping
from io import BytesIO
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from .. import types
from ..types import UNSET, File, FileTypes, Unset

T = TypeVar("T", bound="CreateLivenessCheckFilesBody")


@_attrs_define
class CreateLivenessCheckFilesBody:
    """
    Attributes:
        file (File): JPEG, PNG or WebP (by content)
        document (File | Unset): a document page to match the selfie against (adds faceMatch)
        extraction_id (str | Unset): a completed extraction of the caller, same mode, whose page to match against (adds
            faceMatch)
    """

    file: File
    document: File | Unset = UNSET
    extraction_id: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        file = self.file.to_tuple()

        document: FileTypes | Unset = UNSET
        if not isinstance(self.document, Unset):
            document = self.document.to_tuple()

        extraction_id = self.extraction_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "file": file,
            }
        )
        if document is not UNSET:
            field_dict["document"] = document
        if extraction_id is not UNSET:
            field_dict["extractionId"] = extraction_id

        return field_dict

    def to_multipart(self) -> types.RequestFiles:
        files: types.RequestFiles = []

        files.append(("file", self.file.to_tuple()))

        if not isinstance(self.document, Unset):
            files.append(("document", self.document.to_tuple()))

        if not isinstance(self.extraction_id, Unset):
            files.append(
                ("extractionId", (None, str(self.extraction_id).encode(), "text/plain"))
            )

        for prop_name, prop in self.additional_properties.items():
            files.append((prop_name, (None, str(prop).encode(), "text/plain")))

        return files

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        file = File(payload=BytesIO(d.pop("file")))

        _document = d.pop("document", UNSET)
        document: File | Unset
        if isinstance(_document, Unset):
            document = UNSET
        else:
            document = File(payload=BytesIO(_document))

        extraction_id = d.pop("extractionId", UNSET)

        create_liveness_check_files_body = cls(
            file=file,
            document=document,
            extraction_id=extraction_id,
        )

        create_liveness_check_files_body.additional_properties = d
        return create_liveness_check_files_body

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
