from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.invoice_status import InvoiceStatus
from ..types import UNSET, Unset

T = TypeVar("T", bound="Invoice")


@_attrs_define
class Invoice:
    """
    Attributes:
        reference (str):
        amount (int): in the currency's units
        currency (str):
        status (InvoiceStatus):
        payment_url (str):
        plan (str):
        credits_ (int): granted when paid
        period_start (datetime.datetime):
        period_end (datetime.datetime):
        issued_at (datetime.datetime):
        paid_at (datetime.datetime | Unset):
    """

    reference: str
    amount: int
    currency: str
    status: InvoiceStatus
    payment_url: str
    plan: str
    credits_: int
    period_start: datetime.datetime
    period_end: datetime.datetime
    issued_at: datetime.datetime
    paid_at: datetime.datetime | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        reference = self.reference

        amount = self.amount

        currency = self.currency

        status = self.status.value

        payment_url = self.payment_url

        plan = self.plan

        credits_ = self.credits_

        period_start = self.period_start.isoformat()

        period_end = self.period_end.isoformat()

        issued_at = self.issued_at.isoformat()

        paid_at: str | Unset = UNSET
        if not isinstance(self.paid_at, Unset):
            paid_at = self.paid_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "reference": reference,
                "amount": amount,
                "currency": currency,
                "status": status,
                "paymentUrl": payment_url,
                "plan": plan,
                "credits": credits_,
                "periodStart": period_start,
                "periodEnd": period_end,
                "issuedAt": issued_at,
            }
        )
        if paid_at is not UNSET:
            field_dict["paidAt"] = paid_at

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        reference = d.pop("reference")

        amount = d.pop("amount")

        currency = d.pop("currency")

        status = InvoiceStatus(d.pop("status"))

        payment_url = d.pop("paymentUrl")

        plan = d.pop("plan")

        credits_ = d.pop("credits")

        period_start = datetime.datetime.fromisoformat(d.pop("periodStart"))

        period_end = datetime.datetime.fromisoformat(d.pop("periodEnd"))

        issued_at = datetime.datetime.fromisoformat(d.pop("issuedAt"))

        _paid_at = d.pop("paidAt", UNSET)
        paid_at: datetime.datetime | Unset
        if isinstance(_paid_at, Unset):
            paid_at = UNSET
        else:
            paid_at = datetime.datetime.fromisoformat(_paid_at)

        invoice = cls(
            reference=reference,
            amount=amount,
            currency=currency,
            status=status,
            payment_url=payment_url,
            plan=plan,
            credits_=credits_,
            period_start=period_start,
            period_end=period_end,
            issued_at=issued_at,
            paid_at=paid_at,
        )

        invoice.additional_properties = d
        return invoice

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
