from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.receive_billing_notification_body_type import (
    ReceiveBillingNotificationBodyType,
)
from ..types import UNSET, Unset

T = TypeVar("T", bound="ReceiveBillingNotificationBody")


@_attrs_define
class ReceiveBillingNotificationBody:
    """
    Attributes:
        event_id (str):
        type_ (ReceiveBillingNotificationBodyType):
        payment_id (str):
        reference (str): the invoice reference
        amount (int):
        currency (str):
        occurred_at (datetime.datetime | Unset):
    """

    event_id: str
    type_: ReceiveBillingNotificationBodyType
    payment_id: str
    reference: str
    amount: int
    currency: str
    occurred_at: datetime.datetime | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        event_id = self.event_id

        type_ = self.type_.value

        payment_id = self.payment_id

        reference = self.reference

        amount = self.amount

        currency = self.currency

        occurred_at: str | Unset = UNSET
        if not isinstance(self.occurred_at, Unset):
            occurred_at = self.occurred_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "eventId": event_id,
                "type": type_,
                "paymentId": payment_id,
                "reference": reference,
                "amount": amount,
                "currency": currency,
            }
        )
        if occurred_at is not UNSET:
            field_dict["occurredAt"] = occurred_at

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        event_id = d.pop("eventId")

        type_ = ReceiveBillingNotificationBodyType(d.pop("type"))

        payment_id = d.pop("paymentId")

        reference = d.pop("reference")

        amount = d.pop("amount")

        currency = d.pop("currency")

        _occurred_at = d.pop("occurredAt", UNSET)
        occurred_at: datetime.datetime | Unset
        if isinstance(_occurred_at, Unset):
            occurred_at = UNSET
        else:
            occurred_at = datetime.datetime.fromisoformat(_occurred_at)

        receive_billing_notification_body = cls(
            event_id=event_id,
            type_=type_,
            payment_id=payment_id,
            reference=reference,
            amount=amount,
            currency=currency,
            occurred_at=occurred_at,
        )

        receive_billing_notification_body.additional_properties = d
        return receive_billing_notification_body

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
