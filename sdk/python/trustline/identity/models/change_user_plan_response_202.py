from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="ChangeUserPlanResponse202")


@_attrs_define
class ChangeUserPlanResponse202:
    """
    Attributes:
        user_id (str | Unset):
        pending_plan (str | Unset):
        effective (str | Unset):
    """

    user_id: str | Unset = UNSET
    pending_plan: str | Unset = UNSET
    effective: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        user_id = self.user_id

        pending_plan = self.pending_plan

        effective = self.effective

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if user_id is not UNSET:
            field_dict["userId"] = user_id
        if pending_plan is not UNSET:
            field_dict["pendingPlan"] = pending_plan
        if effective is not UNSET:
            field_dict["effective"] = effective

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        user_id = d.pop("userId", UNSET)

        pending_plan = d.pop("pendingPlan", UNSET)

        effective = d.pop("effective", UNSET)

        change_user_plan_response_202 = cls(
            user_id=user_id,
            pending_plan=pending_plan,
            effective=effective,
        )

        change_user_plan_response_202.additional_properties = d
        return change_user_plan_response_202

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
