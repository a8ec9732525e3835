from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.contract_status_product import ContractStatusProduct
from ..models.contract_status_value import ContractStatusValue
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.contract_status_history_item import ContractStatusHistoryItem
    from ..models.contract_status_issuance_type_0 import ContractStatusIssuanceType0
    from ..models.payment_with_status import PaymentWithStatus
    from ..models.pricing import Pricing


T = TypeVar("T", bound="ContractStatus")


@_attrs_define
class ContractStatus:
    """
    Attributes:
        reference (str):
        partner_id (str): the partner the request is for
        product (ContractStatusProduct):
        contract_status (ContractStatusValue):
        pricing (Pricing):
        payment (PaymentWithStatus):
        issuance (ContractStatusIssuanceType0 | None):
        created_at (datetime.datetime):
        updated_at (datetime.datetime):
        paid_at (datetime.datetime | None): When the money came in, also for a payment taken after the request failed
        history (list[ContractStatusHistoryItem]): Every step the request went through, oldest first, each written with
            the change it made: a failed issuance stays in the history after an administrator's replay. A request stored
            before histories were kept shows what its timestamps say.
        partner_name (str | Unset): the partner's name: in administrators' reads and lists only
    """

    reference: str
    partner_id: str
    product: ContractStatusProduct
    contract_status: ContractStatusValue
    pricing: Pricing
    payment: PaymentWithStatus
    issuance: ContractStatusIssuanceType0 | None
    created_at: datetime.datetime
    updated_at: datetime.datetime
    paid_at: datetime.datetime | None
    history: list[ContractStatusHistoryItem]
    partner_name: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.contract_status_issuance_type_0 import ContractStatusIssuanceType0

        reference = self.reference

        partner_id = self.partner_id

        product = self.product.value

        contract_status = self.contract_status.value

        pricing = self.pricing.to_dict()

        payment = self.payment.to_dict()

        issuance: dict[str, Any] | None
        if isinstance(self.issuance, ContractStatusIssuanceType0):
            issuance = self.issuance.to_dict()
        else:
            issuance = self.issuance

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        paid_at: None | str
        if isinstance(self.paid_at, datetime.datetime):
            paid_at = self.paid_at.isoformat()
        else:
            paid_at = self.paid_at

        history = []
        for history_item_data in self.history:
            history_item = history_item_data.to_dict()
            history.append(history_item)

        partner_name = self.partner_name

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "reference": reference,
                "partnerId": partner_id,
                "product": product,
                "contractStatus": contract_status,
                "pricing": pricing,
                "payment": payment,
                "issuance": issuance,
                "createdAt": created_at,
                "updatedAt": updated_at,
                "paidAt": paid_at,
                "history": history,
            }
        )
        if partner_name is not UNSET:
            field_dict["partnerName"] = partner_name

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.contract_status_history_item import ContractStatusHistoryItem
        from ..models.contract_status_issuance_type_0 import ContractStatusIssuanceType0
        from ..models.payment_with_status import PaymentWithStatus
        from ..models.pricing import Pricing

        d = dict(src_dict)
        reference = d.pop("reference")

        partner_id = d.pop("partnerId")

        product = ContractStatusProduct(d.pop("product"))

        contract_status = ContractStatusValue(d.pop("contractStatus"))

        pricing = Pricing.from_dict(d.pop("pricing"))

        payment = PaymentWithStatus.from_dict(d.pop("payment"))

        def _parse_issuance(data: object) -> ContractStatusIssuanceType0 | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                issuance_type_0 = ContractStatusIssuanceType0.from_dict(data)

                return issuance_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ContractStatusIssuanceType0 | None, data)

        issuance = _parse_issuance(d.pop("issuance"))

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updatedAt"))

        def _parse_paid_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                paid_at_type_0 = datetime.datetime.fromisoformat(data)

                return paid_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        paid_at = _parse_paid_at(d.pop("paidAt"))

        history = []
        _history = d.pop("history")
        for history_item_data in _history:
            history_item = ContractStatusHistoryItem.from_dict(history_item_data)

            history.append(history_item)

        partner_name = d.pop("partnerName", UNSET)

        contract_status = cls(
            reference=reference,
            partner_id=partner_id,
            product=product,
            contract_status=contract_status,
            pricing=pricing,
            payment=payment,
            issuance=issuance,
            created_at=created_at,
            updated_at=updated_at,
            paid_at=paid_at,
            history=history,
            partner_name=partner_name,
        )

        contract_status.additional_properties = d
        return contract_status

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
