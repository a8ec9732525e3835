from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.issued_event_event import IssuedEventEvent
from ..models.issued_event_payment_status import IssuedEventPaymentStatus

if TYPE_CHECKING:
    from ..models.issued_event_data import IssuedEventData


T = TypeVar("T", bound="IssuedEvent")


@_attrs_define
class IssuedEvent:
    """
    Attributes:
        event (IssuedEventEvent):
        reference (str):
        payment_status (IssuedEventPaymentStatus):
        issued_at (datetime.datetime):
        data (IssuedEventData):
    """

    event: IssuedEventEvent
    reference: str
    payment_status: IssuedEventPaymentStatus
    issued_at: datetime.datetime
    data: IssuedEventData
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
        from ..models.issued_event_data import IssuedEventData

        d = dict(src_dict)
        event = IssuedEventEvent(d.pop("event"))

        reference = d.pop("reference")

        payment_status = IssuedEventPaymentStatus(d.pop("paymentStatus"))

        issued_at = datetime.datetime.fromisoformat(d.pop("issuedAt"))

        data = IssuedEventData.from_dict(d.pop("data"))

        issued_event = cls(
            event=event,
            reference=reference,
            payment_status=payment_status,
            issued_at=issued_at,
            data=data,
        )

        issued_event.additional_properties = d
        return issued_event

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
