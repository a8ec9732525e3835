from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.document_type import DocumentType
from ..models.mrz_format import MRZFormat

T = TypeVar("T", bound="ListDocumentTypesResponse200DataItem")


@_attrs_define
class ListDocumentTypesResponse200DataItem:
    """
    Attributes:
        document_type (DocumentType): auto: the type is told from the document's zone
        label (str):
        mrz_formats (list[MRZFormat]):
    """

    document_type: DocumentType
    label: str
    mrz_formats: list[MRZFormat]
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        document_type = self.document_type.value

        label = self.label

        mrz_formats = []
        for mrz_formats_item_data in self.mrz_formats:
            mrz_formats_item = mrz_formats_item_data.value
            mrz_formats.append(mrz_formats_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "documentType": document_type,
                "label": label,
                "mrzFormats": mrz_formats,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        document_type = DocumentType(d.pop("documentType"))

        label = d.pop("label")

        mrz_formats = []
        _mrz_formats = d.pop("mrzFormats")
        for mrz_formats_item_data in _mrz_formats:
            mrz_formats_item = MRZFormat(mrz_formats_item_data)

            mrz_formats.append(mrz_formats_item)

        list_document_types_response_200_data_item = cls(
            document_type=document_type,
            label=label,
            mrz_formats=mrz_formats,
        )

        list_document_types_response_200_data_item.additional_properties = d
        return list_document_types_response_200_data_item

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
