from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="UpdatePartnerWebhookResponse200")


@_attrs_define
class UpdatePartnerWebhookResponse200:
    """
    Attributes:
        webhook_url (None | str):
        webhook_secret_configured (bool):
        webhook_url_key_id (None | str | Unset): The API key that set the URL, when a key did: the URL lasts only as
            long as that key (revoking it restores the URL before), until a login sets the URL again. A login's change of
            the secret alone leaves the URL the key's.
        webhook_secret_key_id (None | str | Unset): The API key that set the secret, when a key did; as webhookUrlKeyId.
    """

    webhook_url: None | str
    webhook_secret_configured: bool
    webhook_url_key_id: None | str | Unset = UNSET
    webhook_secret_key_id: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        webhook_url: None | str
        webhook_url = self.webhook_url

        webhook_secret_configured = self.webhook_secret_configured

        webhook_url_key_id: None | str | Unset
        if isinstance(self.webhook_url_key_id, Unset):
            webhook_url_key_id = UNSET
        else:
            webhook_url_key_id = self.webhook_url_key_id

        webhook_secret_key_id: None | str | Unset
        if isinstance(self.webhook_secret_key_id, Unset):
            webhook_secret_key_id = UNSET
        else:
            webhook_secret_key_id = self.webhook_secret_key_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "webhookUrl": webhook_url,
                "webhookSecretConfigured": webhook_secret_configured,
            }
        )
        if webhook_url_key_id is not UNSET:
            field_dict["webhookUrlKeyId"] = webhook_url_key_id
        if webhook_secret_key_id is not UNSET:
            field_dict["webhookSecretKeyId"] = webhook_secret_key_id

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_webhook_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        webhook_url = _parse_webhook_url(d.pop("webhookUrl"))

        webhook_secret_configured = d.pop("webhookSecretConfigured")

        def _parse_webhook_url_key_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        webhook_url_key_id = _parse_webhook_url_key_id(d.pop("webhookUrlKeyId", UNSET))

        def _parse_webhook_secret_key_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        webhook_secret_key_id = _parse_webhook_secret_key_id(
            d.pop("webhookSecretKeyId", UNSET)
        )

        update_partner_webhook_response_200 = cls(
            webhook_url=webhook_url,
            webhook_secret_configured=webhook_secret_configured,
            webhook_url_key_id=webhook_url_key_id,
            webhook_secret_key_id=webhook_secret_key_id,
        )

        update_partner_webhook_response_200.additional_properties = d
        return update_partner_webhook_response_200

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
