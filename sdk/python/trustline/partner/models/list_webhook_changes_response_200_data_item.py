from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.list_webhook_changes_response_200_data_item_by import (
        ListWebhookChangesResponse200DataItemBy,
    )


T = TypeVar("T", bound="ListWebhookChangesResponse200DataItem")


@_attrs_define
class ListWebhookChangesResponse200DataItem:
    """
    Attributes:
        at (datetime.datetime):
        by (ListWebhookChangesResponse200DataItemBy):
        webhook_url (None | str):
        secret_changed (bool):
        webhook_url_key_id (None | str | Unset): The API key the URL belongs to after this change, when a key set it
            (this change's, or an earlier one's this change left in place): the URL ends with that key.
    """

    at: datetime.datetime
    by: ListWebhookChangesResponse200DataItemBy
    webhook_url: None | str
    secret_changed: bool
    webhook_url_key_id: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        at = self.at.isoformat()

        by = self.by.to_dict()

        webhook_url: None | str
        webhook_url = self.webhook_url

        secret_changed = self.secret_changed

        webhook_url_key_id: None | str | Unset
        if isinstance(self.webhook_url_key_id, Unset):
            webhook_url_key_id = UNSET
        else:
            webhook_url_key_id = self.webhook_url_key_id

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
        if webhook_url_key_id is not UNSET:
            field_dict["webhookUrlKeyId"] = webhook_url_key_id

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.list_webhook_changes_response_200_data_item_by import (
            ListWebhookChangesResponse200DataItemBy,
        )

        d = dict(src_dict)
        at = datetime.datetime.fromisoformat(d.pop("at"))

        by = ListWebhookChangesResponse200DataItemBy.from_dict(d.pop("by"))

        def _parse_webhook_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        webhook_url = _parse_webhook_url(d.pop("webhookUrl"))

        secret_changed = d.pop("secretChanged")

        def _parse_webhook_url_key_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        webhook_url_key_id = _parse_webhook_url_key_id(d.pop("webhookUrlKeyId", UNSET))

        list_webhook_changes_response_200_data_item = cls(
            at=at,
            by=by,
            webhook_url=webhook_url,
            secret_changed=secret_changed,
            webhook_url_key_id=webhook_url_key_id,
        )

        list_webhook_changes_response_200_data_item.additional_properties = d
        return list_webhook_changes_response_200_data_item

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
