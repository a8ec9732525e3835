from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.issuance_failed_event_event import IssuanceFailedEventEvent
from ..models.issuance_failed_event_payment_status import (
    IssuanceFailedEventPaymentStatus,
)

if TYPE_CHECKING:
    from ..models.issuance_failed_event_data import IssuanceFailedEventData


T = TypeVar("T", bound="IssuanceFailedEvent")


@_attrs_define
class IssuanceFailedEvent:
    """
    Attributes:
        event (IssuanceFailedEventEvent):
        reference (str):
        payment_status (IssuanceFailedEventPaymentStatus):
        issued_at (datetime.datetime):
        data (IssuanceFailedEventData):
    """

    event: IssuanceFailedEventEvent
    reference: str
    payment_status: IssuanceFailedEventPaymentStatus
    issued_at: datetime.datetime
    data: IssuanceFailedEventData
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        event = self.event.value

        reference = self.reference

        payment_status = self.payment_status.value

        issued_at = self.issued_at.isoformat()

        data = self.data.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "event": event,
                "reference": reference,
                "paymentStatus": payment_status,
                "issuedAt": issued_at,
                "data": data,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.issuance_failed_event_data import IssuanceFailedEventData

        d = dict(src_dict)
        event = IssuanceFailedEventEvent(d.pop("event"))

        reference = d.pop("reference")

        payment_status = IssuanceFailedEventPaymentStatus(d.pop("paymentStatus"))

        issued_at = datetime.datetime.fromisoformat(d.pop("issuedAt"))

        data = IssuanceFailedEventData.from_dict(d.pop("data"))

        issuance_failed_event = cls(
            event=event,
            reference=reference,
            payment_status=payment_status,
            issued_at=issued_at,
            data=data,
        )

        issuance_failed_event.additional_properties = d
        return issuance_failed_event

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
