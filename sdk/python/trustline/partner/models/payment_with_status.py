from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.payment_with_status_status import PaymentWithStatusStatus

T = TypeVar("T", bound="PaymentWithStatus")


@_attrs_define
class PaymentWithStatus:
    """
    Attributes:
        payment_url (str):
        expires_at (datetime.datetime):
        status (PaymentWithStatusStatus): What became of the money. paid_after_failure: the gateway confirmed a payment
            after the request had failed (cancelled, or its link expired); contractStatus stays PAYMENT_FAILED, paidAt is
            when the money came in, no contract is issued, and an administrator refunds it (then REFUNDED, status refunded).
    """

    payment_url: str
    expires_at: datetime.datetime
    status: PaymentWithStatusStatus
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        payment_url = self.payment_url

        expires_at = self.expires_at.isoformat()

        status = self.status.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "paymentUrl": payment_url,
                "expiresAt": expires_at,
                "status": status,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        payment_url = d.pop("paymentUrl")

        expires_at = datetime.datetime.fromisoformat(d.pop("expiresAt"))

        status = PaymentWithStatusStatus(d.pop("status"))

        payment_with_status = cls(
            payment_url=payment_url,
            expires_at=expires_at,
            status=status,
        )

        payment_with_status.additional_properties = d
        return payment_with_status

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
