from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.list_credit_entries_response_200_mode import (
    ListCreditEntriesResponse200Mode,
)
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.list_credit_entries_response_200_data_item import (
        ListCreditEntriesResponse200DataItem,
    )


T = TypeVar("T", bound="ListCreditEntriesResponse200")


@_attrs_define
class ListCreditEntriesResponse200:
    """the live ledger; for an sk_test_ key (or mode=test), the TestUsage members as well, and data is empty

    Attributes:
        data (list[ListCreditEntriesResponse200DataItem]):
        next_cursor (None | str): null on the last page
        mode (ListCreditEntriesResponse200Mode | Unset): sk_test_ keys only (TestUsage)
        livemode (bool | Unset): sk_test_ keys only (TestUsage)
        daily_quota (int | Unset): sk_test_ keys only (TestUsage)
        used_today (int | Unset): sk_test_ keys only (TestUsage)
        remaining_today (int | Unset): sk_test_ keys only (TestUsage)
        resets_at (datetime.datetime | Unset): sk_test_ keys only (TestUsage)
    """

    data: list[ListCreditEntriesResponse200DataItem]
    next_cursor: None | str
    mode: ListCreditEntriesResponse200Mode | Unset = UNSET
    livemode: bool | Unset = UNSET
    daily_quota: int | Unset = UNSET
    used_today: int | Unset = UNSET
    remaining_today: int | Unset = UNSET
    resets_at: datetime.datetime | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        data = []
        for data_item_data in self.data:
            data_item = data_item_data.to_dict()
            data.append(data_item)

        next_cursor: None | str
        next_cursor = self.next_cursor

        mode: str | Unset = UNSET
        if not isinstance(self.mode, Unset):
            mode = self.mode.value

        livemode = self.livemode

        daily_quota = self.daily_quota

        used_today = self.used_today

        remaining_today = self.remaining_today

        resets_at: str | Unset = UNSET
        if not isinstance(self.resets_at, Unset):
            resets_at = self.resets_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "data": data,
                "nextCursor": next_cursor,
            }
        )
        if mode is not UNSET:
            field_dict["mode"] = mode
        if livemode is not UNSET:
            field_dict["livemode"] = livemode
        if daily_quota is not UNSET:
            field_dict["dailyQuota"] = daily_quota
        if used_today is not UNSET:
            field_dict["usedToday"] = used_today
        if remaining_today is not UNSET:
            field_dict["remainingToday"] = remaining_today
        if resets_at is not UNSET:
            field_dict["resetsAt"] = resets_at

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.list_credit_entries_response_200_data_item import (
            ListCreditEntriesResponse200DataItem,
        )

        d = dict(src_dict)
        data = []
        _data = d.pop("data")
        for data_item_data in _data:
            data_item = ListCreditEntriesResponse200DataItem.from_dict(data_item_data)

            data.append(data_item)

        def _parse_next_cursor(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        next_cursor = _parse_next_cursor(d.pop("nextCursor"))

        _mode = d.pop("mode", UNSET)
        mode: ListCreditEntriesResponse200Mode | Unset
        if isinstance(_mode, Unset):
            mode = UNSET
        else:
            mode = ListCreditEntriesResponse200Mode(_mode)

        livemode = d.pop("livemode", UNSET)

        daily_quota = d.pop("dailyQuota", UNSET)

        used_today = d.pop("usedToday", UNSET)

        remaining_today = d.pop("remainingToday", UNSET)

        _resets_at = d.pop("resetsAt", UNSET)
        resets_at: datetime.datetime | Unset
        if isinstance(_resets_at, Unset):
            resets_at = UNSET
        else:
            resets_at = datetime.datetime.fromisoformat(_resets_at)

        list_credit_entries_response_200 = cls(
            data=data,
            next_cursor=next_cursor,
            mode=mode,
            livemode=livemode,
            daily_quota=daily_quota,
            used_today=used_today,
            remaining_today=remaining_today,
            resets_at=resets_at,
        )

        list_credit_entries_response_200.additional_properties = d
        return list_credit_entries_response_200

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
