from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="Pricing")


@_attrs_define
class Pricing:
    """
    Attributes:
        net_premium (int):
        accessories (int):
        taxes (int):
        guarantee_fund (int):
        total (int):
        currency (str):
    """

    net_premium: int
    accessories: int
    taxes: int
    guarantee_fund: int
    total: int
    currency: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        net_premium = self.net_premium

        accessories = self.accessories

        taxes = self.taxes

        guarantee_fund = self.guarantee_fund

        total = self.total

        currency = self.currency

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "netPremium": net_premium,
                "accessories": accessories,
                "taxes": taxes,
                "guaranteeFund": guarantee_fund,
                "total": total,
                "currency": currency,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        net_premium = d.pop("netPremium")

        accessories = d.pop("accessories")

        taxes = d.pop("taxes")

        guarantee_fund = d.pop("guaranteeFund")

        total = d.pop("total")

        currency = d.pop("currency")

        pricing = cls(
            net_premium=net_premium,
            accessories=accessories,
            taxes=taxes,
            guarantee_fund=guarantee_fund,
            total=total,
            currency=currency,
        )

        pricing.additional_properties = d
        return pricing

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
