from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.problem_extensions import ProblemExtensions


T = TypeVar("T", bound="Problem")


@_attrs_define
class Problem:
    """
    Attributes:
        type_ (str): {partner_base_url}/errors/<kind>
        title (str):
        status (int):
        detail (str):
        instance (str):
        request_id (str):
        timestamp (datetime.datetime):
        invalid_params (list[str] | Unset):
        extensions (ProblemExtensions | Unset):
    """

    type_: str
    title: str
    status: int
    detail: str
    instance: str
    request_id: str
    timestamp: datetime.datetime
    invalid_params: list[str] | Unset = UNSET
    extensions: ProblemExtensions | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        title = self.title

        status = self.status

        detail = self.detail

        instance = self.instance

        request_id = self.request_id

        timestamp = self.timestamp.isoformat()

        invalid_params: list[str] | Unset = UNSET
        if not isinstance(self.invalid_params, Unset):
            invalid_params = self.invalid_params

        extensions: dict[str, Any] | Unset = UNSET
        if not isinstance(self.extensions, Unset):
            extensions = self.extensions.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "title": title,
                "status": status,
                "detail": detail,
                "instance": instance,
                "requestId": request_id,
                "timestamp": timestamp,
            }
        )
        if invalid_params is not UNSET:
            field_dict["invalidParams"] = invalid_params
        if extensions is not UNSET:
            field_dict["extensions"] = extensions

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.problem_extensions import ProblemExtensions

        d = dict(src_dict)
        type_ = d.pop("type")

        title = d.pop("title")

        status = d.pop("status")

        detail = d.pop("detail")

        instance = d.pop("instance")

        request_id = d.pop("requestId")

        timestamp = datetime.datetime.fromisoformat(d.pop("timestamp"))

        invalid_params = cast(list[str], d.pop("invalidParams", UNSET))

        _extensions = d.pop("extensions", UNSET)
        extensions: ProblemExtensions | Unset
        if isinstance(_extensions, Unset):
            extensions = UNSET
        else:
            extensions = ProblemExtensions.from_dict(_extensions)

        problem = cls(
            type_=type_,
            title=title,
            status=status,
            detail=detail,
            instance=instance,
            request_id=request_id,
            timestamp=timestamp,
            invalid_params=invalid_params,
            extensions=extensions,
        )

        problem.additional_properties = d
        return problem

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
