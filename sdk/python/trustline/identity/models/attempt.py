from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.attempt_error_class import AttemptErrorClass
from ..types import UNSET, Unset

T = TypeVar("T", bound="Attempt")


@_attrs_define
class Attempt:
    """
    Attributes:
        attempt (int):
        at (datetime.datetime):
        duration_ms (int):
        status_code (int | Unset): absent when no answer came
        error_class (AttemptErrorClass | Unset): why the attempt failed (interrupted: the dispatcher stopped during the
            attempt, whose POST may have arrived); the receiver's own transport errors are not shown
        error (str | Unset): the class in words
    """

    attempt: int
    at: datetime.datetime
    duration_ms: int
    status_code: int | Unset = UNSET
    error_class: AttemptErrorClass | Unset = UNSET
    error: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        attempt = self.attempt

        at = self.at.isoformat()

        duration_ms = self.duration_ms

        status_code = self.status_code

        error_class: str | Unset = UNSET
        if not isinstance(self.error_class, Unset):
            error_class = self.error_class.value

        error = self.error

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "attempt": attempt,
                "at": at,
                "durationMs": duration_ms,
            }
        )
        if status_code is not UNSET:
            field_dict["statusCode"] = status_code
        if error_class is not UNSET:
            field_dict["errorClass"] = error_class
        if error is not UNSET:
            field_dict["error"] = error

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        attempt = d.pop("attempt")

        at = datetime.datetime.fromisoformat(d.pop("at"))

        duration_ms = d.pop("durationMs")

        status_code = d.pop("statusCode", UNSET)

        _error_class = d.pop("errorClass", UNSET)
        error_class: AttemptErrorClass | Unset
        if isinstance(_error_class, Unset):
            error_class = UNSET
        else:
            error_class = AttemptErrorClass(_error_class)

        error = d.pop("error", UNSET)

        attempt = cls(
            attempt=attempt,
            at=at,
            duration_ms=duration_ms,
            status_code=status_code,
            error_class=error_class,
            error=error,
        )

        attempt.additional_properties = d
        return attempt

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
