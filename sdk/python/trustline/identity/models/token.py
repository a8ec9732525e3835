from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.token_token_type import TokenTokenType

T = TypeVar("T", bound="Token")


@_attrs_define
class Token:
    """
    Attributes:
        token (str):
        token_type (TokenTokenType):
        expires_at (datetime.datetime):
        session_id (str): the login session (the token's jti), by which it is signed out
    """

    token: str
    token_type: TokenTokenType
    expires_at: datetime.datetime
    session_id: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        token = self.token

        token_type = self.token_type.value

        expires_at = self.expires_at.isoformat()

        session_id = self.session_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "token": token,
                "tokenType": token_type,
                "expiresAt": expires_at,
                "sessionId": session_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        token = d.pop("token")

        token_type = TokenTokenType(d.pop("tokenType"))

        expires_at = datetime.datetime.fromisoformat(d.pop("expiresAt"))

        session_id = d.pop("sessionId")

        token = cls(
            token=token,
            token_type=token_type,
            expires_at=expires_at,
            session_id=session_id,
        )

        token.additional_properties = d
        return token

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
