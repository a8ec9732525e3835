from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.extracted_data_categories_value_item import (
    ExtractedDataCategoriesValueItem,
)
from ..models.field_source import FieldSource

T = TypeVar("T", bound="ExtractedDataCategories")


@_attrs_define
class ExtractedDataCategories:
    """a driving licence's categories (field 9), in the order printed

    Attributes:
        value (list[ExtractedDataCategoriesValueItem]):
        confidence (float):
        source (FieldSource): Where the value was read: the machine-readable zone, the printed (visual) zone, or both
            when the printed zone repeats the MRZ's value (see result.consistency). A field in both zones that disagree
            keeps the MRZ's value with source mrz. Results stored before the printed zone was read have no source.
    """

    value: list[ExtractedDataCategoriesValueItem]
    confidence: float
    source: FieldSource
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        value = []
        for value_item_data in self.value:
            value_item = value_item_data.value
            value.append(value_item)

        confidence = self.confidence

        source = self.source.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "value": value,
                "confidence": confidence,
                "source": source,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        value = []
        _value = d.pop("value")
        for value_item_data in _value:
            value_item = ExtractedDataCategoriesValueItem(value_item_data)

            value.append(value_item)

        confidence = d.pop("confidence")

        source = FieldSource(d.pop("source"))

        extracted_data_categories = cls(
            value=value,
            confidence=confidence,
            source=source,
        )

        extracted_data_categories.additional_properties = d
        return extracted_data_categories

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
