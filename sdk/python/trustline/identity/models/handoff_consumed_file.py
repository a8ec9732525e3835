from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.handoff_file_type import HandoffFileType

T = TypeVar("T", bound="HandoffConsumedFile")


@_attrs_define
class HandoffConsumedFile:
    """
    Attributes:
        original_name (str): empty when the file was sent without a name
        mime_type (HandoffFileType): recognised by the file's content
        size (int): bytes
    """

    original_name: str
    mime_type: HandoffFileType
    size: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        original_name = self.original_name

        mime_type = self.mime_type.value

        size = self.size

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "originalName": original_name,
                "mimeType": mime_type,
                "size": size,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        original_name = d.pop("originalName")

        mime_type = HandoffFileType(d.pop("mimeType"))

        size = d.pop("size")

        handoff_consumed_file = cls(
            original_name=original_name,
            mime_type=mime_type,
            size=size,
        )

        handoff_consumed_file.additional_properties = d
        return handoff_consumed_file

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
