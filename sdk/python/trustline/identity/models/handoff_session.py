from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.handoff_session_status import HandoffSessionStatus
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.handoff_upload import HandoffUpload


T = TypeVar("T", bound="HandoffSession")


@_attrs_define
class HandoffSession:
    """
    Attributes:
        session_id (str): hs_…
        upload_url (str): {identity_base_url}/v1/mobile-handoff/upload/{sessionId}: the upload page, and the API upload
            address
        consume_url (str): {identity_base_url}/v1/mobile-handoff/consume/{sessionId}
        status (HandoffSessionStatus):
        expires_at (datetime.datetime): 15 minutes after creation
        upload (HandoffUpload): A presigned form POST straight to storage: send multipart/form-data to url with every
            field as given, then the file as the last part, named file; 1 to maxSize bytes, before expiresAt.
        qr_code_url (str): {identity_base_url}/v1/mobile-handoff/session/{sessionId}/qr.svg: uploadUrl as an SVG QR code
        consume_token (str | Unset): hct_…: present only when the session was opened without a credential, and only in
            this answer (only its hash is kept). Consuming the session needs it in X-Consume-Token. Keep it on the server
            that consumes; never put it in what the phone gets.
    """

    session_id: str
    upload_url: str
    consume_url: str
    status: HandoffSessionStatus
    expires_at: datetime.datetime
    upload: HandoffUpload
    qr_code_url: str
    consume_token: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        session_id = self.session_id

        upload_url = self.upload_url

        consume_url = self.consume_url

        status = self.status.value

        expires_at = self.expires_at.isoformat()

        upload = self.upload.to_dict()

        qr_code_url = self.qr_code_url

        consume_token = self.consume_token

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "sessionId": session_id,
                "uploadUrl": upload_url,
                "consumeUrl": consume_url,
                "status": status,
                "expiresAt": expires_at,
                "upload": upload,
                "qrCodeUrl": qr_code_url,
            }
        )
        if consume_token is not UNSET:
            field_dict["consumeToken"] = consume_token

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.handoff_upload import HandoffUpload

        d = dict(src_dict)
        session_id = d.pop("sessionId")

        upload_url = d.pop("uploadUrl")

        consume_url = d.pop("consumeUrl")

        status = HandoffSessionStatus(d.pop("status"))

        expires_at = datetime.datetime.fromisoformat(d.pop("expiresAt"))

        upload = HandoffUpload.from_dict(d.pop("upload"))

        qr_code_url = d.pop("qrCodeUrl")

        consume_token = d.pop("consumeToken", UNSET)

        handoff_session = cls(
            session_id=session_id,
            upload_url=upload_url,
            consume_url=consume_url,
            status=status,
            expires_at=expires_at,
            upload=upload,
            qr_code_url=qr_code_url,
            consume_token=consume_token,
        )

        handoff_session.additional_properties = d
        return handoff_session

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
