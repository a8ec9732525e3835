from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.webhook_event import WebhookEvent
from ..types import UNSET, Unset

T = TypeVar("T", bound="Endpoint")


@_attrs_define
class Endpoint:
    """
    Attributes:
        id (str):
        url (str):
        events (list[WebhookEvent]):
        livemode (bool): true: receives live events only; false: test-mode events only
        created_at (datetime.datetime):
        secret (str | Unset): whsec_ and standard base64: X-Service-Signature is keyed with the whole string's bytes,
            webhook-signature with the decoded base64 (Standard Webhooks); present only when created or rotated
        expires_at (datetime.datetime | Unset): an endpoint created by an API key with an expiry ends with the key (and
            one created by a key is deleted when the key is revoked)
    """

    id: str
    url: str
    events: list[WebhookEvent]
    livemode: bool
    created_at: datetime.datetime
    secret: str | Unset = UNSET
    expires_at: datetime.datetime | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        url = self.url

        events = []
        for events_item_data in self.events:
            events_item = events_item_data.value
            events.append(events_item)

        livemode = self.livemode

        created_at = self.created_at.isoformat()

        secret = self.secret

        expires_at: str | Unset = UNSET
        if not isinstance(self.expires_at, Unset):
            expires_at = self.expires_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "url": url,
                "events": events,
                "livemode": livemode,
                "createdAt": created_at,
            }
        )
        if secret is not UNSET:
            field_dict["secret"] = secret
        if expires_at is not UNSET:
            field_dict["expiresAt"] = expires_at

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        url = d.pop("url")

        events = []
        _events = d.pop("events")
        for events_item_data in _events:
            events_item = WebhookEvent(events_item_data)

            events.append(events_item)

        livemode = d.pop("livemode")

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        secret = d.pop("secret", UNSET)

        _expires_at = d.pop("expiresAt", UNSET)
        expires_at: datetime.datetime | Unset
        if isinstance(_expires_at, Unset):
            expires_at = UNSET
        else:
            expires_at = datetime.datetime.fromisoformat(_expires_at)

        endpoint = cls(
            id=id,
            url=url,
            events=events,
            livemode=livemode,
            created_at=created_at,
            secret=secret,
            expires_at=expires_at,
        )

        endpoint.additional_properties = d
        return endpoint

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
