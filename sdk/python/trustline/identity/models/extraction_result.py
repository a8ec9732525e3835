from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.detected_face import DetectedFace
    from ..models.extracted_data import ExtractedData
    from ..models.image_quality import ImageQuality
    from ..models.zone_agreement import ZoneAgreement


T = TypeVar("T", bound="ExtractionResult")


@_attrs_define
class ExtractionResult:
    """Present once completed: extractedData, globalConfidence and quality, and portrait when the page shows a face. On a
    failed extraction whose image could be decoded (mrz_not_found in particular), present with quality alone.

        Attributes:
            extracted_data (ExtractedData | Unset): The fields read from the document. Fields a document does not carry are
                absent; fields may be added.
            global_confidence (float | Unset):
            quality (ImageQuality | Unset): What the client can do about the capture, measured on the image, whatever was
                read from it: good, usable (it was or may be read, a better capture would be safer) or retake. Absent when there
                was no image to measure (a PDF read without rendering it).
            consistency (list[ZoneAgreement] | Unset): Each field read in both the machine-readable zone and the printed
                (visual) zone, and whether the two agree: names compared through ICAO 9303 transliteration (MÜLLER agrees with
                MUELLER and MULLER), dates as dates, numbers after the usual OCR confusions (O/0, I/1, S/5, B/8). The MRZ's
                value is the field's; a disagreement is also one of mrz.warnings. Absent when the printed zone repeats no MRZ
                field (or the document has no MRZ).
            portrait (DetectedFace | Unset):
    """

    extracted_data: ExtractedData | Unset = UNSET
    global_confidence: float | Unset = UNSET
    quality: ImageQuality | Unset = UNSET
    consistency: list[ZoneAgreement] | Unset = UNSET
    portrait: DetectedFace | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        extracted_data: dict[str, Any] | Unset = UNSET
        if not isinstance(self.extracted_data, Unset):
            extracted_data = self.extracted_data.to_dict()

        global_confidence = self.global_confidence

        quality: dict[str, Any] | Unset = UNSET
        if not isinstance(self.quality, Unset):
            quality = self.quality.to_dict()

        consistency: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.consistency, Unset):
            consistency = []
            for consistency_item_data in self.consistency:
                consistency_item = consistency_item_data.to_dict()
                consistency.append(consistency_item)

        portrait: dict[str, Any] | Unset = UNSET
        if not isinstance(self.portrait, Unset):
            portrait = self.portrait.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if extracted_data is not UNSET:
            field_dict["extractedData"] = extracted_data
        if global_confidence is not UNSET:
            field_dict["globalConfidence"] = global_confidence
        if quality is not UNSET:
            field_dict["quality"] = quality
        if consistency is not UNSET:
            field_dict["consistency"] = consistency
        if portrait is not UNSET:
            field_dict["portrait"] = portrait

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.detected_face import DetectedFace
        from ..models.extracted_data import ExtractedData
        from ..models.image_quality import ImageQuality
        from ..models.zone_agreement import ZoneAgreement

        d = dict(src_dict)
        _extracted_data = d.pop("extractedData", UNSET)
        extracted_data: ExtractedData | Unset
        if isinstance(_extracted_data, Unset):
            extracted_data = UNSET
        else:
            extracted_data = ExtractedData.from_dict(_extracted_data)

        global_confidence = d.pop("globalConfidence", UNSET)

        _quality = d.pop("quality", UNSET)
        quality: ImageQuality | Unset
        if isinstance(_quality, Unset):
            quality = UNSET
        else:
            quality = ImageQuality.from_dict(_quality)

        _consistency = d.pop("consistency", UNSET)
        consistency: list[ZoneAgreement] | Unset = UNSET
        if _consistency is not UNSET:
            consistency = []
            for consistency_item_data in _consistency:
                consistency_item = ZoneAgreement.from_dict(consistency_item_data)

                consistency.append(consistency_item)

        _portrait = d.pop("portrait", UNSET)
        portrait: DetectedFace | Unset
        if isinstance(_portrait, Unset):
            portrait = UNSET
        else:
            portrait = DetectedFace.from_dict(_portrait)

        extraction_result = cls(
            extracted_data=extracted_data,
            global_confidence=global_confidence,
            quality=quality,
            consistency=consistency,
            portrait=portrait,
        )

        extraction_result.additional_properties = d
        return extraction_result

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
