from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.list_credit_entries_response_200_data_item_reason import (
    ListCreditEntriesResponse200DataItemReason,
)
from ..types import UNSET, Unset

T = TypeVar("T", bound="ListCreditEntriesResponse200DataItem")


@_attrs_define
class ListCreditEntriesResponse200DataItem:
    """
    Attributes:
        id (str):
        amount (int): credits added (positive) or taken (negative)
        reason (ListCreditEntriesResponse200DataItemReason):
        created_at (datetime.datetime):
        reference (str | Unset): the extraction, batch or invoice it belongs to
    """

    id: str
    amount: int
    reason: ListCreditEntriesResponse200DataItemReason
    created_at: datetime.datetime
    reference: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        amount = self.amount

        reason = self.reason.value

        created_at = self.created_at.isoformat()

        reference = self.reference

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "amount": amount,
                "reason": reason,
                "createdAt": created_at,
            }
        )
        if reference is not UNSET:
            field_dict["reference"] = reference

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        amount = d.pop("amount")

        reason = ListCreditEntriesResponse200DataItemReason(d.pop("reason"))

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        reference = d.pop("reference", UNSET)

        list_credit_entries_response_200_data_item = cls(
            id=id,
            amount=amount,
            reason=reason,
            created_at=created_at,
            reference=reference,
        )

        list_credit_entries_response_200_data_item.additional_properties = d
        return list_credit_entries_response_200_data_item

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
