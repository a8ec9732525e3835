from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.partner_environment import PartnerEnvironment
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.key import Key


T = TypeVar("T", bound="Partner")


@_attrs_define
class Partner:
    """
    Attributes:
        partner_id (str):
        name (str):
        environment (PartnerEnvironment):
        rate_limit (int): requests per minute
        created_at (datetime.datetime):
        api_key (Key | Unset):
    """

    partner_id: str
    name: str
    environment: PartnerEnvironment
    rate_limit: int
    created_at: datetime.datetime
    api_key: Key | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        partner_id = self.partner_id

        name = self.name

        environment = self.environment.value

        rate_limit = self.rate_limit

        created_at = self.created_at.isoformat()

        api_key: dict[str, Any] | Unset = UNSET
        if not isinstance(self.api_key, Unset):
            api_key = self.api_key.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "partnerId": partner_id,
                "name": name,
                "environment": environment,
                "rateLimit": rate_limit,
                "createdAt": created_at,
            }
        )
        if api_key is not UNSET:
            field_dict["apiKey"] = api_key

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.key import Key

        d = dict(src_dict)
        partner_id = d.pop("partnerId")

        name = d.pop("name")

        environment = PartnerEnvironment(d.pop("environment"))

        rate_limit = d.pop("rateLimit")

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        _api_key = d.pop("apiKey", UNSET)
        api_key: Key | Unset
        if isinstance(_api_key, Unset):
            api_key = UNSET
        else:
            api_key = Key.from_dict(_api_key)

        partner = cls(
            partner_id=partner_id,
            name=name,
            environment=environment,
            rate_limit=rate_limit,
            created_at=created_at,
            api_key=api_key,
        )

        partner.additional_properties = d
        return partner

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
