from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="HandoffStartRequest")


@_attrs_define
class HandoffStartRequest:
    """
    Attributes:
        file_name (str | Unset): kept as the file's name (up to 255 bytes)
        size (int | Unset): bytes; over the session's maxSize is refused with 413
    """

    file_name: str | Unset = UNSET
    size: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        file_name = self.file_name

        size = self.size

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if file_name is not UNSET:
            field_dict["fileName"] = file_name
        if size is not UNSET:
            field_dict["size"] = size

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        file_name = d.pop("fileName", UNSET)

        size = d.pop("size", UNSET)

        handoff_start_request = cls(
            file_name=file_name,
            size=size,
        )

        return handoff_start_request
