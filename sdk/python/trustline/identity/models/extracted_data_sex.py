from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.extracted_data_sex_value import ExtractedDataSexValue

T = TypeVar("T", bound="ExtractedDataSex")


@_attrs_define
class ExtractedDataSex:
    """
    Attributes:
        value (ExtractedDataSexValue): X: unspecified; empty when the character is unreadable
        confidence (float):
    """

    value: ExtractedDataSexValue
    confidence: float
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        value = self.value.value

        confidence = self.confidence

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "value": value,
                "confidence": confidence,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        value = ExtractedDataSexValue(d.pop("value"))

        confidence = d.pop("confidence")

        extracted_data_sex = cls(
            value=value,
            confidence=confidence,
        )

        extracted_data_sex.additional_properties = d
        return extracted_data_sex

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
