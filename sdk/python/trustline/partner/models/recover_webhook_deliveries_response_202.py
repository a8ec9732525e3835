from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="RecoverWebhookDeliveriesResponse202")


@_attrs_define
class RecoverWebhookDeliveriesResponse202:
    """
    Attributes:
        recovered (int): how many failed deliveries were re-queued
        has_more (bool): more failed deliveries remain; call again
    """

    recovered: int
    has_more: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        recovered = self.recovered

        has_more = self.has_more

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "recovered": recovered,
                "hasMore": has_more,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        recovered = d.pop("recovered")

        has_more = d.pop("hasMore")

        recover_webhook_deliveries_response_202 = cls(
            recovered=recovered,
            has_more=has_more,
        )

        recover_webhook_deliveries_response_202.additional_properties = d
        return recover_webhook_deliveries_response_202

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
