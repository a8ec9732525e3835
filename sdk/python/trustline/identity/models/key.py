from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.key_mode import KeyMode
from ..models.key_prefix import KeyPrefix
from ..models.key_status import KeyStatus
from ..types import UNSET, Unset

T = TypeVar("T", bound="Key")


@_attrs_define
class Key:
    """
    Attributes:
        id (str):
        name (str):
        mode (KeyMode):
        livemode (bool):
        prefix (KeyPrefix):
        last4 (str):
        display (str):  Example: sk_live_…X4QZ.
        allowed_ips (list[str]):
        status (KeyStatus):
        created_at (datetime.datetime):
        last_used_at (datetime.datetime | None): to the minute
        expires_at (datetime.datetime | None):
        revoked_at (datetime.datetime | None):
        key (str | Unset): the secret, present only in the response that creates the key
    """

    id: str
    name: str
    mode: KeyMode
    livemode: bool
    prefix: KeyPrefix
    last4: str
    display: str
    allowed_ips: list[str]
    status: KeyStatus
    created_at: datetime.datetime
    last_used_at: datetime.datetime | None
    expires_at: datetime.datetime | None
    revoked_at: datetime.datetime | None
    key: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        name = self.name

        mode = self.mode.value

        livemode = self.livemode

        prefix = self.prefix.value

        last4 = self.last4

        display = self.display

        allowed_ips = self.allowed_ips

        status = self.status.value

        created_at = self.created_at.isoformat()

        last_used_at: None | str
        if isinstance(self.last_used_at, datetime.datetime):
            last_used_at = self.last_used_at.isoformat()
        else:
            last_used_at = self.last_used_at

        expires_at: None | str
        if isinstance(self.expires_at, datetime.datetime):
            expires_at = self.expires_at.isoformat()
        else:
            expires_at = self.expires_at

        revoked_at: None | str
        if isinstance(self.revoked_at, datetime.datetime):
            revoked_at = self.revoked_at.isoformat()
        else:
            revoked_at = self.revoked_at

        key = self.key

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "name": name,
                "mode": mode,
                "livemode": livemode,
                "prefix": prefix,
                "last4": last4,
                "display": display,
                "allowedIps": allowed_ips,
                "status": status,
                "createdAt": created_at,
                "lastUsedAt": last_used_at,
                "expiresAt": expires_at,
                "revokedAt": revoked_at,
            }
        )
        if key is not UNSET:
            field_dict["key"] = key

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        name = d.pop("name")

        mode = KeyMode(d.pop("mode"))

        livemode = d.pop("livemode")

        prefix = KeyPrefix(d.pop("prefix"))

        last4 = d.pop("last4")

        display = d.pop("display")

        allowed_ips = cast(list[str], d.pop("allowedIps"))

        status = KeyStatus(d.pop("status"))

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        def _parse_last_used_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                last_used_at_type_0 = datetime.datetime.fromisoformat(data)

                return last_used_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        last_used_at = _parse_last_used_at(d.pop("lastUsedAt"))

        def _parse_expires_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                expires_at_type_0 = datetime.datetime.fromisoformat(data)

                return expires_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        expires_at = _parse_expires_at(d.pop("expiresAt"))

        def _parse_revoked_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                revoked_at_type_0 = datetime.datetime.fromisoformat(data)

                return revoked_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        revoked_at = _parse_revoked_at(d.pop("revokedAt"))

        key = d.pop("key", UNSET)

        key = cls(
            id=id,
            name=name,
            mode=mode,
            livemode=livemode,
            prefix=prefix,
            last4=last4,
            display=display,
            allowed_ips=allowed_ips,
            status=status,
            created_at=created_at,
            last_used_at=last_used_at,
            expires_at=expires_at,
            revoked_at=revoked_at,
            key=key,
        )

        key.additional_properties = d
        return key

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
