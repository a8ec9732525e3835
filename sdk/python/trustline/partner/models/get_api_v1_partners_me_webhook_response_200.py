from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="GetApiV1PartnersMeWebhookResponse200")


@_attrs_define
class GetApiV1PartnersMeWebhookResponse200:
    """
    Attributes:
        webhook_url (None | str):
        webhook_secret_configured (bool):
    """

    webhook_url: None | str
    webhook_secret_configured: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        webhook_url: None | str
        webhook_url = self.webhook_url

        webhook_secret_configured = self.webhook_secret_configured

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "webhookUrl": webhook_url,
                "webhookSecretConfigured": webhook_secret_configured,
            }
        )

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

        get_api_v1_partners_me_webhook_response_200 = cls(
            webhook_url=webhook_url,
            webhook_secret_configured=webhook_secret_configured,
        )

        get_api_v1_partners_me_webhook_response_200.additional_properties = d
        return get_api_v1_partners_me_webhook_response_200

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
