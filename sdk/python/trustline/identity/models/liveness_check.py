from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.liveness_check_attack_type import LivenessCheckAttackType
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.liveness_check_face_match import LivenessCheckFaceMatch


T = TypeVar("T", bound="LivenessCheck")


@_attrs_define
class LivenessCheck:
    """a check's record: the verdict of POST /v1/liveness/check (without processingMs), never the selfie

    Attributes:
        check_id (str):
        is_live (bool):
        confidence (float):
        attack_type (LivenessCheckAttackType):
        score_small (float):
        score_large (float):
        credits_used (int):
        created_at (datetime.datetime):
        livemode (bool):
        face_match (LivenessCheckFaceMatch | Unset): when the check matched the selfie against a document
        expires_at (datetime.datetime | Unset): when the record is deleted (RESULT_RETENTION); absent when kept
    """

    check_id: str
    is_live: bool
    confidence: float
    attack_type: LivenessCheckAttackType
    score_small: float
    score_large: float
    credits_used: int
    created_at: datetime.datetime
    livemode: bool
    face_match: LivenessCheckFaceMatch | Unset = UNSET
    expires_at: datetime.datetime | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        check_id = self.check_id

        is_live = self.is_live

        confidence = self.confidence

        attack_type = self.attack_type.value

        score_small = self.score_small

        score_large = self.score_large

        credits_used = self.credits_used

        created_at = self.created_at.isoformat()

        livemode = self.livemode

        face_match: dict[str, Any] | Unset = UNSET
        if not isinstance(self.face_match, Unset):
            face_match = self.face_match.to_dict()

        expires_at: str | Unset = UNSET
        if not isinstance(self.expires_at, Unset):
            expires_at = self.expires_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "checkId": check_id,
                "isLive": is_live,
                "confidence": confidence,
                "attackType": attack_type,
                "scoreSmall": score_small,
                "scoreLarge": score_large,
                "creditsUsed": credits_used,
                "createdAt": created_at,
                "livemode": livemode,
            }
        )
        if face_match is not UNSET:
            field_dict["faceMatch"] = face_match
        if expires_at is not UNSET:
            field_dict["expiresAt"] = expires_at

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.liveness_check_face_match import LivenessCheckFaceMatch

        d = dict(src_dict)
        check_id = d.pop("checkId")

        is_live = d.pop("isLive")

        confidence = d.pop("confidence")

        attack_type = LivenessCheckAttackType(d.pop("attackType"))

        score_small = d.pop("scoreSmall")

        score_large = d.pop("scoreLarge")

        credits_used = d.pop("creditsUsed")

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        livemode = d.pop("livemode")

        _face_match = d.pop("faceMatch", UNSET)
        face_match: LivenessCheckFaceMatch | Unset
        if isinstance(_face_match, Unset):
            face_match = UNSET
        else:
            face_match = LivenessCheckFaceMatch.from_dict(_face_match)

        _expires_at = d.pop("expiresAt", UNSET)
        expires_at: datetime.datetime | Unset
        if isinstance(_expires_at, Unset):
            expires_at = UNSET
        else:
            expires_at = datetime.datetime.fromisoformat(_expires_at)

        liveness_check = cls(
            check_id=check_id,
            is_live=is_live,
            confidence=confidence,
            attack_type=attack_type,
            score_small=score_small,
            score_large=score_large,
            credits_used=credits_used,
            created_at=created_at,
            livemode=livemode,
            face_match=face_match,
            expires_at=expires_at,
        )

        liveness_check.additional_properties = d
        return liveness_check

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
