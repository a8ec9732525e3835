from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="AutoContract")


@_attrs_define
class AutoContract:
    """
    Attributes:
        cli_code (str):
        cat (str): category code (reference/categories?brCode=AUTO)
        scat_code (str): with cat 550: 010 needs pfs <= 125, 011 needs pfs > 125
        carr_code (str):
        nrg (str):
        pfs (float): power: cm³ for two-wheelers, fiscal horsepower for cars
        nb_p (int):
        dure (int):
        effet (str):  Example: 24/11/2026.
        num_immat (str): FAIL- and FLAKY- prefixes trigger the sandbox simulator's failure paths
        mq_code (str):
        modele (str):
    """

    cli_code: str
    cat: str
    scat_code: str
    carr_code: str
    nrg: str
    pfs: float
    nb_p: int
    dure: int
    effet: str
    num_immat: str
    mq_code: str
    modele: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        cli_code = self.cli_code

        cat = self.cat

        scat_code = self.scat_code

        carr_code = self.carr_code

        nrg = self.nrg

        pfs = self.pfs

        nb_p = self.nb_p

        dure = self.dure

        effet = self.effet

        num_immat = self.num_immat

        mq_code = self.mq_code

        modele = self.modele

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "cliCode": cli_code,
                "cat": cat,
                "scatCode": scat_code,
                "carrCode": carr_code,
                "nrg": nrg,
                "pfs": pfs,
                "nbP": nb_p,
                "dure": dure,
                "effet": effet,
                "numImmat": num_immat,
                "mqCode": mq_code,
                "modele": modele,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        cli_code = d.pop("cliCode")

        cat = d.pop("cat")

        scat_code = d.pop("scatCode")

        carr_code = d.pop("carrCode")

        nrg = d.pop("nrg")

        pfs = d.pop("pfs")

        nb_p = d.pop("nbP")

        dure = d.pop("dure")

        effet = d.pop("effet")

        num_immat = d.pop("numImmat")

        mq_code = d.pop("mqCode")

        modele = d.pop("modele")

        auto_contract = cls(
            cli_code=cli_code,
            cat=cat,
            scat_code=scat_code,
            carr_code=carr_code,
            nrg=nrg,
            pfs=pfs,
            nb_p=nb_p,
            dure=dure,
            effet=effet,
            num_immat=num_immat,
            mq_code=mq_code,
            modele=modele,
        )

        auto_contract.additional_properties = d
        return auto_contract

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
