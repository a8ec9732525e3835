from __future__ import annotations

from collections.abc import Mapping
from io import BytesIO
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from .. import types
from ..types import UNSET, File, FileTypes, Unset

T = TypeVar("T", bound="CreateFaceMatchBody")


@_attrs_define
class CreateFaceMatchBody:
    """
    Attributes:
        selfie (File | Unset): JPEG, PNG or WebP (by content)
        selfie_upload_id (str | Unset):
        handoff_session_id (str | Unset):
        document (File | Unset): the document page, JPEG, PNG or WebP
        extraction_id (str | Unset):
    """

    selfie: File | Unset = UNSET
    selfie_upload_id: str | Unset = UNSET
    handoff_session_id: str | Unset = UNSET
    document: File | Unset = UNSET
    extraction_id: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        selfie: FileTypes | Unset = UNSET
        if not isinstance(self.selfie, Unset):
            selfie = self.selfie.to_tuple()

        selfie_upload_id = self.selfie_upload_id

        handoff_session_id = self.handoff_session_id

        document: FileTypes | Unset = UNSET
        if not isinstance(self.document, Unset):
            document = self.document.to_tuple()

        extraction_id = self.extraction_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if selfie is not UNSET:
            field_dict["selfie"] = selfie
        if selfie_upload_id is not UNSET:
            field_dict["selfieUploadId"] = selfie_upload_id
        if handoff_session_id is not UNSET:
            field_dict["handoffSessionId"] = handoff_session_id
        if document is not UNSET:
            field_dict["document"] = document
        if extraction_id is not UNSET:
            field_dict["extractionId"] = extraction_id

        return field_dict

    def to_multipart(self) -> types.RequestFiles:
        files: types.RequestFiles = []

        if not isinstance(self.selfie, Unset):
            files.append(("selfie", self.selfie.to_tuple()))

        if not isinstance(self.selfie_upload_id, Unset):
            files.append(
                (
                    "selfieUploadId",
                    (None, str(self.selfie_upload_id).encode(), "text/plain"),
                )
            )

        if not isinstance(self.handoff_session_id, Unset):
            files.append(
                (
                    "handoffSessionId",
                    (None, str(self.handoff_session_id).encode(), "text/plain"),
                )
            )

        if not isinstance(self.document, Unset):
            files.append(("document", self.document.to_tuple()))

        if not isinstance(self.extraction_id, Unset):
            files.append(
                ("extractionId", (None, str(self.extraction_id).encode(), "text/plain"))
            )

        for prop_name, prop in self.additional_properties.items():
            files.append((prop_name, (None, str(prop).encode(), "text/plain")))

        return files

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        _selfie = d.pop("selfie", UNSET)
        selfie: File | Unset
        if isinstance(_selfie, Unset):
            selfie = UNSET
        else:
            selfie = File(payload=BytesIO(_selfie))

        selfie_upload_id = d.pop("selfieUploadId", UNSET)

        handoff_session_id = d.pop("handoffSessionId", UNSET)

        _document = d.pop("document", UNSET)
        document: File | Unset
        if isinstance(_document, Unset):
            document = UNSET
        else:
            document = File(payload=BytesIO(_document))

        extraction_id = d.pop("extractionId", UNSET)

        create_face_match_body = cls(
            selfie=selfie,
            selfie_upload_id=selfie_upload_id,
            handoff_session_id=handoff_session_id,
            document=document,
            extraction_id=extraction_id,
        )

        create_face_match_body.additional_properties = d
        return create_face_match_body

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
