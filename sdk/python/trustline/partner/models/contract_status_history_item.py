from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.contract_status_history_item_step import ContractStatusHistoryItemStep
from ..types import UNSET, Unset

T = TypeVar("T", bound="ContractStatusHistoryItem")


@_attrs_define
class ContractStatusHistoryItem:
    """
    Attributes:
        step (ContractStatusHistoryItemStep):
        at (datetime.datetime):
        detail (str | Unset): issued: the policy number; issuance_failed: the core system's error code and message
    """

    step: ContractStatusHistoryItemStep
    at: datetime.datetime
    detail: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        step = self.step.value

        at = self.at.isoformat()

        detail = self.detail

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "step": step,
                "at": at,
            }
        )
        if detail is not UNSET:
            field_dict["detail"] = detail

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        step = ContractStatusHistoryItemStep(d.pop("step"))

        at = datetime.datetime.fromisoformat(d.pop("at"))

        detail = d.pop("detail", UNSET)

        contract_status_history_item = cls(
            step=step,
            at=at,
            detail=detail,
        )

        contract_status_history_item.additional_properties = d
        return contract_status_history_item

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
