from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.verification_decision import VerificationDecision
from ..models.verification_policy import VerificationPolicy
from ..models.verification_status import VerificationStatus
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.extracted_data import ExtractedData
    from ..models.extraction_error import ExtractionError
    from ..models.verification_applicant import VerificationApplicant
    from ..models.verification_check import VerificationCheck
    from ..models.zone_agreement import ZoneAgreement


T = TypeVar("T", bound="Verification")


@_attrs_define
class Verification:
    """
    Attributes:
        id (str): ver_…
        status (VerificationStatus):
        policy (VerificationPolicy): the decision table's policy (docs/verifications.md)
        credits_used (int):
        livemode (bool):
        created_at (datetime.datetime):
        decision (VerificationDecision | Unset):
        reasons (list[str] | Unset): stable codes of what moved the decision (docs/verifications.md); empty when
            approved
        checks (list[VerificationCheck] | Unset):
        document (ExtractedData | Unset): The fields read from the document. Fields a document does not carry are
            absent; fields may be added.
        consistency (list[ZoneAgreement] | Unset):
        applicant (VerificationApplicant | Unset): what you know of the person; the fields given are compared with the
            document
        minimum_age (int | Unset):
        reference_id (str | Unset):
        completed_at (datetime.datetime | Unset):
        error (ExtractionError | Unset): present once failed
    """

    id: str
    status: VerificationStatus
    policy: VerificationPolicy
    credits_used: int
    livemode: bool
    created_at: datetime.datetime
    decision: VerificationDecision | Unset = UNSET
    reasons: list[str] | Unset = UNSET
    checks: list[VerificationCheck] | Unset = UNSET
    document: ExtractedData | Unset = UNSET
    consistency: list[ZoneAgreement] | Unset = UNSET
    applicant: VerificationApplicant | Unset = UNSET
    minimum_age: int | Unset = UNSET
    reference_id: str | Unset = UNSET
    completed_at: datetime.datetime | Unset = UNSET
    error: ExtractionError | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        status = self.status.value

        policy = self.policy.value

        credits_used = self.credits_used

        livemode = self.livemode

        created_at = self.created_at.isoformat()

        decision: str | Unset = UNSET
        if not isinstance(self.decision, Unset):
            decision = self.decision.value

        reasons: list[str] | Unset = UNSET
        if not isinstance(self.reasons, Unset):
            reasons = self.reasons

        checks: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.checks, Unset):
            checks = []
            for checks_item_data in self.checks:
                checks_item = checks_item_data.to_dict()
                checks.append(checks_item)

        document: dict[str, Any] | Unset = UNSET
        if not isinstance(self.document, Unset):
            document = self.document.to_dict()

        consistency: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.consistency, Unset):
            consistency = []
            for consistency_item_data in self.consistency:
                consistency_item = consistency_item_data.to_dict()
                consistency.append(consistency_item)

        applicant: dict[str, Any] | Unset = UNSET
        if not isinstance(self.applicant, Unset):
            applicant = self.applicant.to_dict()

        minimum_age = self.minimum_age

        reference_id = self.reference_id

        completed_at: str | Unset = UNSET
        if not isinstance(self.completed_at, Unset):
            completed_at = self.completed_at.isoformat()

        error: dict[str, Any] | Unset = UNSET
        if not isinstance(self.error, Unset):
            error = self.error.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "status": status,
                "policy": policy,
                "creditsUsed": credits_used,
                "livemode": livemode,
                "createdAt": created_at,
            }
        )
        if decision is not UNSET:
            field_dict["decision"] = decision
        if reasons is not UNSET:
            field_dict["reasons"] = reasons
        if checks is not UNSET:
            field_dict["checks"] = checks
        if document is not UNSET:
            field_dict["document"] = document
        if consistency is not UNSET:
            field_dict["consistency"] = consistency
        if applicant is not UNSET:
            field_dict["applicant"] = applicant
        if minimum_age is not UNSET:
            field_dict["minimumAge"] = minimum_age
        if reference_id is not UNSET:
            field_dict["referenceId"] = reference_id
        if completed_at is not UNSET:
            field_dict["completedAt"] = completed_at
        if error is not UNSET:
            field_dict["error"] = error

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.extracted_data import ExtractedData
        from ..models.extraction_error import ExtractionError
        from ..models.verification_applicant import VerificationApplicant
        from ..models.verification_check import VerificationCheck
        from ..models.zone_agreement import ZoneAgreement

        d = dict(src_dict)
        id = d.pop("id")

        status = VerificationStatus(d.pop("status"))

        policy = VerificationPolicy(d.pop("policy"))

        credits_used = d.pop("creditsUsed")

        livemode = d.pop("livemode")

        created_at = datetime.datetime.fromisoformat(d.pop("createdAt"))

        _decision = d.pop("decision", UNSET)
        decision: VerificationDecision | Unset
        if isinstance(_decision, Unset):
            decision = UNSET
        else:
            decision = VerificationDecision(_decision)

        reasons = cast(list[str], d.pop("reasons", UNSET))

        _checks = d.pop("checks", UNSET)
        checks: list[VerificationCheck] | Unset = UNSET
        if _checks is not UNSET:
            checks = []
            for checks_item_data in _checks:
                checks_item = VerificationCheck.from_dict(checks_item_data)

                checks.append(checks_item)

        _document = d.pop("document", UNSET)
        document: ExtractedData | Unset
        if isinstance(_document, Unset):
            document = UNSET
        else:
            document = ExtractedData.from_dict(_document)

        _consistency = d.pop("consistency", UNSET)
        consistency: list[ZoneAgreement] | Unset = UNSET
        if _consistency is not UNSET:
            consistency = []
            for consistency_item_data in _consistency:
                consistency_item = ZoneAgreement.from_dict(consistency_item_data)

                consistency.append(consistency_item)

        _applicant = d.pop("applicant", UNSET)
        applicant: VerificationApplicant | Unset
        if isinstance(_applicant, Unset):
            applicant = UNSET
        else:
            applicant = VerificationApplicant.from_dict(_applicant)

        minimum_age = d.pop("minimumAge", UNSET)

        reference_id = d.pop("referenceId", UNSET)

        _completed_at = d.pop("completedAt", UNSET)
        completed_at: datetime.datetime | Unset
        if isinstance(_completed_at, Unset):
            completed_at = UNSET
        else:
            completed_at = datetime.datetime.fromisoformat(_completed_at)

        _error = d.pop("error", UNSET)
        error: ExtractionError | Unset
        if isinstance(_error, Unset):
            error = UNSET
        else:
            error = ExtractionError.from_dict(_error)

        verification = cls(
            id=id,
            status=status,
            policy=policy,
            credits_used=credits_used,
            livemode=livemode,
            created_at=created_at,
            decision=decision,
            reasons=reasons,
            checks=checks,
            document=document,
            consistency=consistency,
            applicant=applicant,
            minimum_age=minimum_age,
            reference_id=reference_id,
            completed_at=completed_at,
            error=error,
        )

        verification.additional_properties = d
        return verification

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
