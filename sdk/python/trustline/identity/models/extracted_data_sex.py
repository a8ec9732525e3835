from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.extracted_data_sex_value import ExtractedDataSexValue
from ..models.field_source import FieldSource
from ..types import UNSET, Unset

T = TypeVar("T", bound="ExtractedDataSex")


@_attrs_define
class ExtractedDataSex:
    """
    Attributes:
        value (ExtractedDataSexValue): X: unspecified; empty when the character is unreadable
        confidence (float):
        source (FieldSource | Unset): Where the value was read: the machine-readable zone, the printed (visual) zone, or
            both when the printed zone repeats the MRZ's value (see result.consistency). A field in both zones that disagree
            keeps the MRZ's value with source mrz. Results stored before the printed zone was read have no source.
    """

    value: ExtractedDataSexValue
    confidence: float
    source: FieldSource | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        value = self.value.value

        confidence = self.confidence

        source: str | Unset = UNSET
        if not isinstance(self.source, Unset):
            source = self.source.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "value": value,
                "confidence": confidence,
            }
        )
        if source is not UNSET:
            field_dict["source"] = source

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        value = ExtractedDataSexValue(d.pop("value"))

        confidence = d.pop("confidence")

        _source = d.pop("source", UNSET)
        source: FieldSource | Unset
        if isinstance(_source, Unset):
            source = UNSET
        else:
            source = FieldSource(_source)

        extracted_data_sex = cls(
            value=value,
            confidence=confidence,
            source=source,
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
