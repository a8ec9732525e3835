from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.test_usage import TestUsage


T = TypeVar("T", bound="Profile")


@_attrs_define
class Profile:
    """
    Attributes:
        id (str):
        email (str):
        plan (str): free for a new account
        credits_ (int): the credit balance; for an sk_test_ key, the test operations left today
            (testMode.remainingToday): a test key never reads the live balance
        livemode (bool | Unset): false when an sk_test_ key reads it
        test_mode (TestUsage | Unset): Test mode's view of the balance, what an sk_test_ key reads instead of the live
            credits, ledger and invoices: the account's daily allowance of test operations (TEST_MODE_DAILY_QUOTA, across
            all its test keys, reset at midnight UTC) and what it used today. Only test keys get it.
    """

    id: str
    email: str
    plan: str
    credits_: int
    livemode: bool | Unset = UNSET
    test_mode: TestUsage | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        email = self.email

        plan = self.plan

        credits_ = self.credits_

        livemode = self.livemode

        test_mode: dict[str, Any] | Unset = UNSET
        if not isinstance(self.test_mode, Unset):
            test_mode = self.test_mode.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "email": email,
                "plan": plan,
                "credits": credits_,
            }
        )
        if livemode is not UNSET:
            field_dict["livemode"] = livemode
        if test_mode is not UNSET:
            field_dict["testMode"] = test_mode

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.test_usage import TestUsage

        d = dict(src_dict)
        id = d.pop("id")

        email = d.pop("email")

        plan = d.pop("plan")

        credits_ = d.pop("credits")

        livemode = d.pop("livemode", UNSET)

        _test_mode = d.pop("testMode", UNSET)
        test_mode: TestUsage | Unset
        if isinstance(_test_mode, Unset):
            test_mode = UNSET
        else:
            test_mode = TestUsage.from_dict(_test_mode)

        profile = cls(
            id=id,
            email=email,
            plan=plan,
            credits_=credits_,
            livemode=livemode,
            test_mode=test_mode,
        )

        profile.additional_properties = d
        return profile

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
