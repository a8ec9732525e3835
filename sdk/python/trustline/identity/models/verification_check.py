from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.verification_check_group import VerificationCheckGroup
from ..models.verification_check_result import VerificationCheckResult

T = TypeVar("T", bound="VerificationCheck")


@_attrs_define
class VerificationCheck:
    """
    Attributes:
        group (VerificationCheckGroup):
        code (str): names the check within its group (stable)
        result (VerificationCheckResult):
        detail (str): what was found, in a sentence
    """

    group: VerificationCheckGroup
    code: str
    result: VerificationCheckResult
    detail: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        group = self.group.value

        code = self.code

        result = self.result.value

        detail = self.detail

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "group": group,
                "code": code,
                "result": result,
                "detail": detail,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        group = VerificationCheckGroup(d.pop("group"))

        code = d.pop("code")

        result = VerificationCheckResult(d.pop("result"))

        detail = d.pop("detail")

        verification_check = cls(
            group=group,
            code=code,
            result=result,
            detail=detail,
        )

        verification_check.additional_properties = d
        return verification_check

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
