from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.auto_contract import AutoContract


T = TypeVar("T", bound="CreateAutoContractForPartnerBody")


@_attrs_define
class CreateAutoContractForPartnerBody:
    """
    Attributes:
        return_url (str):
        cancel_url (str):
        contract (AutoContract):
        partner_id (str): With an administrator's credential, required: the partner the request is for (404 when no such
            partner). A partner's credential sends none.
    """

    return_url: str
    cancel_url: str
    contract: AutoContract
    partner_id: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return_url = self.return_url

        cancel_url = self.cancel_url

        contract = self.contract.to_dict()

        partner_id = self.partner_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "returnUrl": return_url,
                "cancelUrl": cancel_url,
                "contract": contract,
                "partnerId": partner_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.auto_contract import AutoContract

        d = dict(src_dict)
        return_url = d.pop("returnUrl")

        cancel_url = d.pop("cancelUrl")

        contract = AutoContract.from_dict(d.pop("contract"))

        partner_id = d.pop("partnerId")

        create_auto_contract_for_partner_body = cls(
            return_url=return_url,
            cancel_url=cancel_url,
            contract=contract,
            partner_id=partner_id,
        )

        create_auto_contract_for_partner_body.additional_properties = d
        return create_auto_contract_for_partner_body

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
