from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ZoneAgreement")


@_attrs_define
class ZoneAgreement:
    """
    Attributes:
        field (str):  Example: expiryDate.
        mrz (str): the machine-readable zone's value
        visual (str): the value as printed
        agree (bool):
    """

    field: str
    mrz: str
    visual: str
    agree: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        field = self.field

        mrz = self.mrz

        visual = self.visual

        agree = self.agree

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "field": field,
                "mrz": mrz,
                "visual": visual,
                "agree": agree,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        field = d.pop("field")

        mrz = d.pop("mrz")

        visual = d.pop("visual")

        agree = d.pop("agree")

        zone_agreement = cls(
            field=field,
            mrz=mrz,
            visual=visual,
            agree=agree,
        )

        zone_agreement.additional_properties = d
        return zone_agreement

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
