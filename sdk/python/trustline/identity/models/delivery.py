from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.delivery_status import DeliveryStatus
from ..models.webhook_event import WebhookEvent
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.attempt import Attempt


T = TypeVar("T", bound="Delivery")


@_attrs_define
class Delivery:
    """
    Attributes:
        delivery_id (str): also the webhook-id header
        event (WebhookEvent):
        reference (str): the extraction ID; the endpoint ID for webhook.test
        status (DeliveryStatus):
        created_at (datetime.datetime):
        next_attempt_at (datetime.datetime | None):
        attempts (list[Attempt]):
        redelivery_of (str | Unset):
        recovered_by (str | Unset): The delivery a recovery made of this FAILED one
    """

    delivery_id: str
    event: WebhookEvent
    reference: str
    status: DeliveryStatus
    created_at: datetime.datetime
    next_attempt_at: datetime.datetime | None
    attempts: list[Attempt]
    redelivery_of: str | Unset = UNSET
    recovered_by: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        delivery_id = self.delivery_id

        event = self.event.value

        reference = self.reference

        status = self.status.value

        created_at = self.created_at.isoformat()

        next_attempt_at: None | str
        if isinstance(self.next_attempt_at, datetime.datetime):
            next_attempt_at = self.next_attempt_at.isoformat()
        else:
            next_attempt_at = self.next_attempt_at

        attempts = []
        for attempts_item_data in self.attempts:
            attempts_item = attempts_item_data.to_dict()
            attempts.append(attempts_item)

        redelivery_of = self.redelivery_of

        recovered_by = self.recovered_by

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "deliveryId": delivery_id,
                "event": event,
                "reference": reference,
                "status": status,
                "createdAt": created_at,
                "nextAttemptAt": next_attempt_at,
                "attempts": attempts,
            }
        )
        if redelivery_of is not UNSET:
            field_dict["redeliveryOf"] = redelivery_of
        if recovered_by is not UNSET:
            field_dict["recoveredBy"] = recovered_by

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.attempt import Attempt

        d = dict(src_dict)
        delivery_id = d.pop("deliveryId")

        event = WebhookEvent(d.pop("event"))

        reference = d.pop("reference")

        status = DeliveryStatus(d.pop("status"))

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        def _parse_next_attempt_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                next_attempt_at_type_0 = datetime.datetime.fromisoformat(data)

                return next_attempt_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        next_attempt_at = _parse_next_attempt_at(d.pop("nextAttemptAt"))

        attempts = []
        _attempts = d.pop("attempts")
        for attempts_item_data in _attempts:
            attempts_item = Attempt.from_dict(attempts_item_data)

            attempts.append(attempts_item)

        redelivery_of = d.pop("redeliveryOf", UNSET)

        recovered_by = d.pop("recoveredBy", UNSET)

        delivery = cls(
            delivery_id=delivery_id,
            event=event,
            reference=reference,
            status=status,
            created_at=created_at,
            next_attempt_at=next_attempt_at,
            attempts=attempts,
            redelivery_of=redelivery_of,
            recovered_by=recovered_by,
        )

        delivery.additional_properties = d
        return delivery

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
