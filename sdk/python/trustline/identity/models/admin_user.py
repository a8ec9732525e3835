from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.admin_user_role import AdminUserRole
from ..types import UNSET, Unset

T = TypeVar("T", bound="AdminUser")


@_attrs_define
class AdminUser:
    """A user as administrators see it.

    Attributes:
        id (str):
        email (str):
        email_verified (bool):
        role (AdminUserRole):
        plan (str):
        credits_ (int): the live balance
        created_at (datetime.datetime):
        partner_id (str | Unset): a partner's back-office user only
    """

    id: str
    email: str
    email_verified: bool
    role: AdminUserRole
    plan: str
    credits_: int
    created_at: datetime.datetime
    partner_id: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        email = self.email

        email_verified = self.email_verified

        role = self.role.value

        plan = self.plan

        credits_ = self.credits_

        created_at = self.created_at.isoformat()

        partner_id = self.partner_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "email": email,
                "emailVerified": email_verified,
                "role": role,
                "plan": plan,
                "credits": credits_,
                "createdAt": created_at,
            }
        )
        if partner_id is not UNSET:
            field_dict["partnerId"] = partner_id

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        email = d.pop("email")

        email_verified = d.pop("emailVerified")

        role = AdminUserRole(d.pop("role"))

        plan = d.pop("plan")

        credits_ = d.pop("credits")

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        partner_id = d.pop("partnerId", UNSET)

        admin_user = cls(
            id=id,
            email=email,
            email_verified=email_verified,
            role=role,
            plan=plan,
            credits_=credits_,
            created_at=created_at,
            partner_id=partner_id,
        )

        admin_user.additional_properties = d
        return admin_user

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
