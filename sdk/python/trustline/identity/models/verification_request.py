from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.verification_policy import VerificationPolicy
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.verification_applicant import VerificationApplicant
    from ..models.verification_request_document import VerificationRequestDocument
    from ..models.verification_request_selfie import VerificationRequestSelfie


T = TypeVar("T", bound="VerificationRequest")


@_attrs_define
class VerificationRequest:
    """
    Attributes:
        document (VerificationRequestDocument): exactly one of uploadId, handoffSessionId and extractionId
        selfie (VerificationRequestSelfie | Unset): exactly one of uploadId and handoffSessionId
        applicant (VerificationApplicant | Unset): what you know of the person; the fields given are compared with the
            document
        minimum_age (int | Unset):
        reference_id (str | Unset):
        policy (VerificationPolicy | Unset): the decision table's policy (docs/verifications.md)
    """

    document: VerificationRequestDocument
    selfie: VerificationRequestSelfie | Unset = UNSET
    applicant: VerificationApplicant | Unset = UNSET
    minimum_age: int | Unset = UNSET
    reference_id: str | Unset = UNSET
    policy: VerificationPolicy | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        document = self.document.to_dict()

        selfie: dict[str, Any] | Unset = UNSET
        if not isinstance(self.selfie, Unset):
            selfie = self.selfie.to_dict()

        applicant: dict[str, Any] | Unset = UNSET
        if not isinstance(self.applicant, Unset):
            applicant = self.applicant.to_dict()

        minimum_age = self.minimum_age

        reference_id = self.reference_id

        policy: str | Unset = UNSET
        if not isinstance(self.policy, Unset):
            policy = self.policy.value

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "document": document,
            }
        )
        if selfie is not UNSET:
            field_dict["selfie"] = selfie
        if applicant is not UNSET:
            field_dict["applicant"] = applicant
        if minimum_age is not UNSET:
            field_dict["minimumAge"] = minimum_age
        if reference_id is not UNSET:
            field_dict["referenceId"] = reference_id
        if policy is not UNSET:
            field_dict["policy"] = policy

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.verification_applicant import VerificationApplicant
        from ..models.verification_request_document import VerificationRequestDocument
        from ..models.verification_request_selfie import VerificationRequestSelfie

        d = dict(src_dict)
        document = VerificationRequestDocument.from_dict(d.pop("document"))

        _selfie = d.pop("selfie", UNSET)
        selfie: VerificationRequestSelfie | Unset
        if isinstance(_selfie, Unset):
            selfie = UNSET
        else:
            selfie = VerificationRequestSelfie.from_dict(_selfie)

        _applicant = d.pop("applicant", UNSET)
        applicant: VerificationApplicant | Unset
        if isinstance(_applicant, Unset):
            applicant = UNSET
        else:
            applicant = VerificationApplicant.from_dict(_applicant)

        minimum_age = d.pop("minimumAge", UNSET)

        reference_id = d.pop("referenceId", UNSET)

        _policy = d.pop("policy", UNSET)
        policy: VerificationPolicy | Unset
        if isinstance(_policy, Unset):
            policy = UNSET
        else:
            policy = VerificationPolicy(_policy)

        verification_request = cls(
            document=document,
            selfie=selfie,
            applicant=applicant,
            minimum_age=minimum_age,
            reference_id=reference_id,
            policy=policy,
        )

        verification_request.additional_properties = d
        return verification_request

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
