from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.test_usage_mode import TestUsageMode

T = TypeVar("T", bound="TestUsage")


@_attrs_define
class TestUsage:
    """Test mode's view of the balance, what an sk_test_ key reads instead of the live credits, ledger and invoices: the
    account's daily allowance of test operations (TEST_MODE_DAILY_QUOTA, across all its test keys, reset at midnight
    UTC) and what it used today. Only test keys get it.

        Attributes:
            mode (TestUsageMode):
            livemode (bool):
            daily_quota (int):
            used_today (int):
            remaining_today (int):
            resets_at (datetime.datetime): the next midnight UTC
    """

    mode: TestUsageMode
    livemode: bool
    daily_quota: int
    used_today: int
    remaining_today: int
    resets_at: datetime.datetime
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        mode = self.mode.value

        livemode = self.livemode

        daily_quota = self.daily_quota

        used_today = self.used_today

        remaining_today = self.remaining_today

        resets_at = self.resets_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "mode": mode,
                "livemode": livemode,
                "dailyQuota": daily_quota,
                "usedToday": used_today,
                "remainingToday": remaining_today,
                "resetsAt": resets_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        mode = TestUsageMode(d.pop("mode"))

        livemode = d.pop("livemode")

        daily_quota = d.pop("dailyQuota")

        used_today = d.pop("usedToday")

        remaining_today = d.pop("remainingToday")

        resets_at = datetime.datetime.fromisoformat(d.pop("resetsAt"))

        test_usage = cls(
            mode=mode,
            livemode=livemode,
            daily_quota=daily_quota,
            used_today=used_today,
            remaining_today=remaining_today,
            resets_at=resets_at,
        )

        test_usage.additional_properties = d
        return test_usage

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
