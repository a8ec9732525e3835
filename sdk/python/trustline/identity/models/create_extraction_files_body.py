from __future__ import annotations

from collections.abc import Mapping
from io import BytesIO
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from .. import types
from ..models.document_type import DocumentType
from ..types import UNSET, File, Unset

T = TypeVar("T", bound="CreateExtractionFilesBody")


@_attrs_define
class CreateExtractionFilesBody:
    """
    Attributes:
        file (File): JPEG, PNG, WebP or PDF, recognised by content
        document_type (DocumentType): auto: the type is told from the document's zone
        reference_id (str | Unset): your own identifier, echoed in the extraction and its webhooks
    """

    file: File
    document_type: DocumentType
    reference_id: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        file = self.file.to_tuple()

        document_type = self.document_type.value

        reference_id = self.reference_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "file": file,
                "documentType": document_type,
            }
        )
        if reference_id is not UNSET:
            field_dict["referenceId"] = reference_id

        return field_dict

    def to_multipart(self) -> types.RequestFiles:
        files: types.RequestFiles = []

        files.append(("file", self.file.to_tuple()))

        files.append(
            (
                "documentType",
                (None, str(self.document_type.value).encode(), "text/plain"),
            )
        )

        if not isinstance(self.reference_id, Unset):
            files.append(
                ("referenceId", (None, str(self.reference_id).encode(), "text/plain"))
            )

        for prop_name, prop in self.additional_properties.items():
            files.append((prop_name, (None, str(prop).encode(), "text/plain")))

        return files

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        file = File(payload=BytesIO(d.pop("file")))

        document_type = DocumentType(d.pop("documentType"))

        reference_id = d.pop("referenceId", UNSET)

        create_extraction_files_body = cls(
            file=file,
            document_type=document_type,
            reference_id=reference_id,
        )

        create_extraction_files_body.additional_properties = d
        return create_extraction_files_body

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
