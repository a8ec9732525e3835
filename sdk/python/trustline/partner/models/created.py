from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.contract_status_value import ContractStatusValue

if TYPE_CHECKING:
    from ..models.payment import Payment
    from ..models.pricing import Pricing


T = TypeVar("T", bound="Created")


@_attrs_define
class Created:
    """
    Attributes:
        reference (str):
        contract_status (ContractStatusValue):
        payment (Payment):
        pricing (Pricing):
    """

    reference: str
    contract_status: ContractStatusValue
    payment: Payment
    pricing: Pricing
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        reference = self.reference

        contract_status = self.contract_status.value

        payment = self.payment.to_dict()

        pricing = self.pricing.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "reference": reference,
                "contractStatus": contract_status,
                "payment": payment,
                "pricing": pricing,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.payment import Payment
        from ..models.pricing import Pricing

        d = dict(src_dict)
        reference = d.pop("reference")

        contract_status = ContractStatusValue(d.pop("contractStatus"))

        payment = Payment.from_dict(d.pop("payment"))

        pricing = Pricing.from_dict(d.pop("pricing"))

        created = cls(
            reference=reference,
            contract_status=contract_status,
            payment=payment,
            pricing=pricing,
        )

        created.additional_properties = d
        return created

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
