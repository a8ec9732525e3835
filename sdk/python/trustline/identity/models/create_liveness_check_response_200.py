from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.create_liveness_check_response_200_attack_type import (
    CreateLivenessCheckResponse200AttackType,
)
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.create_liveness_check_response_200_face_match import (
        CreateLivenessCheckResponse200FaceMatch,
    )


T = TypeVar("T", bound="CreateLivenessCheckResponse200")


@_attrs_define
class CreateLivenessCheckResponse200:
    """
    Attributes:
        check_id (str): lv_…: the reference of its ledger entries
        is_live (bool):
        confidence (float):
        attack_type (CreateLivenessCheckResponse200AttackType):
        processing_ms (int):
        score_small (float):
        score_large (float):
        credits_used (int):
        livemode (bool):
        face_match (CreateLivenessCheckResponse200FaceMatch | Unset): with a document or extractionId: the face match,
            in the same one charge (see POST /v1/face-match)
    """

    check_id: str
    is_live: bool
    confidence: float
    attack_type: CreateLivenessCheckResponse200AttackType
    processing_ms: int
    score_small: float
    score_large: float
    credits_used: int
    livemode: bool
    face_match: CreateLivenessCheckResponse200FaceMatch | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        check_id = self.check_id

        is_live = self.is_live

        confidence = self.confidence

        attack_type = self.attack_type.value

        processing_ms = self.processing_ms

        score_small = self.score_small

        score_large = self.score_large

        credits_used = self.credits_used

        livemode = self.livemode

        face_match: dict[str, Any] | Unset = UNSET
        if not isinstance(self.face_match, Unset):
            face_match = self.face_match.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "checkId": check_id,
                "isLive": is_live,
                "confidence": confidence,
                "attackType": attack_type,
                "processingMs": processing_ms,
                "scoreSmall": score_small,
                "scoreLarge": score_large,
                "creditsUsed": credits_used,
                "livemode": livemode,
            }
        )
        if face_match is not UNSET:
            field_dict["faceMatch"] = face_match

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.create_liveness_check_response_200_face_match import (
            CreateLivenessCheckResponse200FaceMatch,
        )

        d = dict(src_dict)
        check_id = d.pop("checkId")

        is_live = d.pop("isLive")

        confidence = d.pop("confidence")

        attack_type = CreateLivenessCheckResponse200AttackType(d.pop("attackType"))

        processing_ms = d.pop("processingMs")

        score_small = d.pop("scoreSmall")

        score_large = d.pop("scoreLarge")

        credits_used = d.pop("creditsUsed")

        livemode = d.pop("livemode")

        _face_match = d.pop("faceMatch", UNSET)
        face_match: CreateLivenessCheckResponse200FaceMatch | Unset
        if isinstance(_face_match, Unset):
            face_match = UNSET
        else:
            face_match = CreateLivenessCheckResponse200FaceMatch.from_dict(_face_match)

        create_liveness_check_response_200 = cls(
            check_id=check_id,
            is_live=is_live,
            confidence=confidence,
            attack_type=attack_type,
            processing_ms=processing_ms,
            score_small=score_small,
            score_large=score_large,
            credits_used=credits_used,
            livemode=livemode,
            face_match=face_match,
        )

        create_liveness_check_response_200.additional_properties = d
        return create_liveness_check_response_200

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
