from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.detected_face import DetectedFace


T = TypeVar("T", bound="CreateFaceMatchResponse200")


@_attrs_define
class CreateFaceMatchResponse200:
    """
    Attributes:
        match_id (str): fm_…: the reference of its ledger entries
        is_match (bool):
        similarity (float):
        threshold (float):
        document (DetectedFace):
        selfie (DetectedFace):
        processing_ms (int):
        credits_used (int):
        livemode (bool):
    """

    match_id: str
    is_match: bool
    similarity: float
    threshold: float
    document: DetectedFace
    selfie: DetectedFace
    processing_ms: int
    credits_used: int
    livemode: bool
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        match_id = self.match_id

        is_match = self.is_match

        similarity = self.similarity

        threshold = self.threshold

        document = self.document.to_dict()

        selfie = self.selfie.to_dict()

        processing_ms = self.processing_ms

        credits_used = self.credits_used

        livemode = self.livemode

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "matchId": match_id,
                "isMatch": is_match,
                "similarity": similarity,
                "threshold": threshold,
                "document": document,
                "selfie": selfie,
                "processingMs": processing_ms,
                "creditsUsed": credits_used,
                "livemode": livemode,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.detected_face import DetectedFace

        d = dict(src_dict)
        match_id = d.pop("matchId")

        is_match = d.pop("isMatch")

        similarity = d.pop("similarity")

        threshold = d.pop("threshold")

        document = DetectedFace.from_dict(d.pop("document"))

        selfie = DetectedFace.from_dict(d.pop("selfie"))

        processing_ms = d.pop("processingMs")

        credits_used = d.pop("creditsUsed")

        livemode = d.pop("livemode")

        create_face_match_response_200 = cls(
            match_id=match_id,
            is_match=is_match,
            similarity=similarity,
            threshold=threshold,
            document=document,
            selfie=selfie,
            processing_ms=processing_ms,
            credits_used=credits_used,
            livemode=livemode,
        )

        create_face_match_response_200.additional_properties = d
        return create_face_match_response_200

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
