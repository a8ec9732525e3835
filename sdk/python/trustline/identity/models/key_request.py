from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.key_request_mode import KeyRequestMode
from ..types import UNSET, Unset

T = TypeVar("T", bound="KeyRequest")


@_attrs_define
class KeyRequest:
    """
    Attributes:
        name (str):
        mode (KeyRequestMode): live: sk_live_ key; test: sk_test_ key
        allowed_ips (list[str] | Unset): IP addresses or CIDR blocks the key may be used from; empty or absent for any
        expires_at (datetime.datetime | Unset): in the future; absent for no expiry
    """

    name: str
    mode: KeyRequestMode
    allowed_ips: list[str] | Unset = UNSET
    expires_at: datetime.datetime | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        mode = self.mode.value

        allowed_ips: list[str] | Unset = UNSET
        if not isinstance(self.allowed_ips, Unset):
            allowed_ips = self.allowed_ips

        expires_at: str | Unset = UNSET
        if not isinstance(self.expires_at, Unset):
            expires_at = self.expires_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "name": name,
                "mode": mode,
            }
        )
        if allowed_ips is not UNSET:
            field_dict["allowedIps"] = allowed_ips
        if expires_at is not UNSET:
            field_dict["expiresAt"] = expires_at

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        name = d.pop("name")

        mode = KeyRequestMode(d.pop("mode"))

        allowed_ips = cast(list[str], d.pop("allowedIps", UNSET))

        _expires_at = d.pop("expiresAt", UNSET)
        expires_at: datetime.datetime | Unset
        if isinstance(_expires_at, Unset):
            expires_at = UNSET
        else:
            expires_at = datetime.datetime.fromisoformat(_expires_at)

        key_request = cls(
            name=name,
            mode=mode,
            allowed_ips=allowed_ips,
            expires_at=expires_at,
        )

        key_request.additional_properties = d
        return key_request

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
