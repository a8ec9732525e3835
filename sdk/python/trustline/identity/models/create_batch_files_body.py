from __future__ import annotations

from collections.abc import Mapping
from io import BytesIO
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from .. import types
from ..models.document_type import DocumentType
from ..types import UNSET, File, Unset

T = TypeVar("T", bound="CreateBatchFilesBody")


@_attrs_define
class CreateBatchFilesBody:
    """
    Attributes:
        file (list[File]):
        document_type (DocumentType): auto: the type is told from the document's zone
        reference_id (list[str] | Unset): one per file, in file order
    """

    file: list[File]
    document_type: DocumentType
    reference_id: list[str] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        file = []
        for file_item_data in self.file:
            file_item = file_item_data.to_tuple()

            file.append(file_item)

        document_type = self.document_type.value

        reference_id: list[str] | Unset = UNSET
        if not isinstance(self.reference_id, Unset):
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

        for file_item_element in self.file:
            files.append(("file", file_item_element.to_tuple()))

        files.append(
            (
                "documentType",
                (None, str(self.document_type.value).encode(), "text/plain"),
            )
        )

        if not isinstance(self.reference_id, Unset):
            for reference_id_item_element in self.reference_id:
                files.append(
                    (
                        "referenceId",
                        (None, str(reference_id_item_element).encode(), "text/plain"),
                    )
                )

        for prop_name, prop in self.additional_properties.items():
            files.append((prop_name, (None, str(prop).encode(), "text/plain")))

        return files

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        file = []
        _file = d.pop("file")
        for file_item_data in _file:
            file_item = File(payload=BytesIO(file_item_data))

            file.append(file_item)

        document_type = DocumentType(d.pop("documentType"))

        reference_id = cast(list[str], d.pop("referenceId", UNSET))

        create_batch_files_body = cls(
            file=file,
            document_type=document_type,
            reference_id=reference_id,
        )

        create_batch_files_body.additional_properties = d
        return create_batch_files_body

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
