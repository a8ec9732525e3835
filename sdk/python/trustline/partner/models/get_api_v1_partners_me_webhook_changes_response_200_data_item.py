from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.get_api_v1_partners_me_webhook_changes_response_200_data_item_by import (
        GetApiV1PartnersMeWebhookChangesResponse200DataItemBy,
    )


T = TypeVar("T", bound="GetApiV1PartnersMeWebhookChangesResponse200DataItem")


@_attrs_define
class GetApiV1PartnersMeWebhookChangesResponse200DataItem:
    """
    Attributes:
        at (datetime.datetime):
        by (GetApiV1PartnersMeWebhookChangesResponse200DataItemBy):
        webhook_url (None | str):
        secret_changed (bool):
    """

    at: datetime.datetime
    by: GetApiV1PartnersMeWebhookChangesResponse200DataItemBy
    webhook_url: None | str
    secret_changed: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        at = self.at.isoformat()

        by = self.by.to_dict()

        webhook_url: None | str
        webhook_url = self.webhook_url

        secret_changed = self.secret_changed

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "at": at,
                "by": by,
                "webhookUrl": webhook_url,
                "secretChanged": secret_changed,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.get_api_v1_partners_me_webhook_changes_response_200_data_item_by import (
            GetApiV1PartnersMeWebhookChangesResponse200DataItemBy,
        )

        d = dict(src_dict)
        at = datetime.datetime.fromisoformat(d.pop("at"))

        by = GetApiV1PartnersMeWebhookChangesResponse200DataItemBy.from_dict(
            d.pop("by")
        )

        def _parse_webhook_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        webhook_url = _parse_webhook_url(d.pop("webhookUrl"))

        secret_changed = d.pop("secretChanged")

        get_api_v1_partners_me_webhook_changes_response_200_data_item = cls(
            at=at,
            by=by,
            webhook_url=webhook_url,
            secret_changed=secret_changed,
        )

        get_api_v1_partners_me_webhook_changes_response_200_data_item.additional_properties = d
        return get_api_v1_partners_me_webhook_changes_response_200_data_item

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
