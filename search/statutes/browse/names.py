"""Names of titles, parts and chapters, for tables of contents a person can read.

US Code and CFR title names and CFR part headings are public facts (the Office of the Law
Revision Counsel's and the eCFR's own tables); they are kept here in one small table, for
the titles and the parts this portal's data holds. A part not in the table, and a state
chapter, are named from the data: a chapter folder that is a name (`real-property`,
`act-1-of-1968-michigan-womens-commission-1071-1077`), else the range of its sections'
headings ("Short title … Severability"). Pure Python.
"""

import re

from search.statutes.chapters import Chapter

USC_TITLES: dict[str, str] = {
    "1": "General Provisions", "2": "The Congress", "3": "The President",
    "4": "Flag and Seal, Seat of Government, and the States",
    "5": "Government Organization and Employees", "6": "Domestic Security", "7": "Agriculture",
    "8": "Aliens and Nationality", "9": "Arbitration", "10": "Armed Forces", "11": "Bankruptcy",
    "12": "Banks and Banking", "13": "Census", "14": "Coast Guard", "15": "Commerce and Trade",
    "16": "Conservation", "17": "Copyrights", "18": "Crimes and Criminal Procedure",
    "19": "Customs Duties", "20": "Education", "21": "Food and Drugs",
    "22": "Foreign Relations and Intercourse", "23": "Highways", "24": "Hospitals and Asylums",
    "25": "Indians", "26": "Internal Revenue Code", "27": "Intoxicating Liquors",
    "28": "Judiciary and Judicial Procedure", "29": "Labor", "30": "Mineral Lands and Mining",
    "31": "Money and Finance", "32": "National Guard", "33": "Navigation and Navigable Waters",
    "34": "Crime Control and Law Enforcement", "35": "Patents",
    "36": "Patriotic and National Observances, Ceremonies, and Organizations",
    "37": "Pay and Allowances of the Uniformed Services", "38": "Veterans' Benefits",
    "39": "Postal Service", "40": "Public Buildings, Property, and Works",
    "41": "Public Contracts", "42": "The Public Health and Welfare", "43": "Public Lands",
    "44": "Public Printing and Documents", "45": "Railroads", "46": "Shipping",
    "47": "Telecommunications", "48": "Territories and Insular Possessions",
    "49": "Transportation", "50": "War and National Defense",
    "51": "National and Commercial Space Programs", "52": "Voting and Elections",
    "54": "National Park Service and Related Programs",
}  # fmt: skip

CFR_TITLES: dict[str, str] = {
    "7": "Agriculture", "12": "Banks and Banking", "20": "Employees' Benefits",
    "24": "Housing and Urban Development", "28": "Judicial Administration", "29": "Labor",
    "34": "Education", "42": "Public Health", "45": "Public Welfare",
}  # fmt: skip

# (title, part) -> the part's heading, for parts the loaded data holds.
CFR_PARTS: dict[tuple[str, str], str] = {
    ("7", "3550"): "Direct Single Family Housing Loans and Grants",
    ("7", "3555"): "Guaranteed Rural Housing Program",
    ("7", "3560"): "Direct Multi-Family Housing Loans and Grants",
    ("7", "3565"): "Guaranteed Rural Rental Housing Program",
    ("7", "3570"): "Community Programs",
    ("12", "1002"): "Equal Credit Opportunity Act (Regulation B)",
    ("12", "1003"): "Home Mortgage Disclosure (Regulation C)",
    ("12", "1004"): "Alternative Mortgage Transaction Parity (Regulation D)",
    ("12", "1005"): "Electronic Fund Transfers (Regulation E)",
    ("12", "1006"): "Debt Collection Practices (Regulation F)",
    ("12", "1007"): "S.A.F.E. Mortgage Licensing Act—Federal Registration of Residential "
                    "Mortgage Loan Originators (Regulation G)",
    ("12", "1008"): "S.A.F.E. Mortgage Licensing Act—State Compliance and Bureau Registration "
                    "System (Regulation H)",
    ("12", "1009"): "Disclosures for Non-Federally Insured Depository Institutions "
                    "(Regulation I)",
    ("12", "1010"): "Land Registration (Regulation J)",
    ("12", "1011"): "Purchasers' Revocation Rights, Sales Practices and Standards "
                    "(Regulation K)",
    ("12", "1012"): "Special Rules of Practice (Regulation L)",
    ("12", "1013"): "Consumer Leasing (Regulation M)",
    ("12", "1014"): "Mortgage Acts and Practices—Advertising (Regulation N)",
    ("12", "1015"): "Mortgage Assistance Relief Services (Regulation O)",
    ("12", "1016"): "Privacy of Consumer Financial Information (Regulation P)",
    ("12", "1022"): "Fair Credit Reporting (Regulation V)",
    ("12", "1024"): "Real Estate Settlement Procedures Act (Regulation X)",
    ("12", "1030"): "Truth in Savings (Regulation DD)",
    ("12", "1070"): "Disclosure of Records and Information",
    ("12", "1080"): "Rules Relating to Investigations",
    ("12", "1081"): "Rules of Practice for Adjudication Proceedings",
    ("12", "1090"): "Defining Larger Participants of Certain Consumer Financial Product and "
                    "Service Markets",
    ("24", "100"): "Discriminatory Conduct Under the Fair Housing Act",
    ("24", "103"): "Fair Housing—Complaint Processing",
    ("24", "107"): "Nondiscrimination and Equal Opportunity in Housing Under Executive Order "
                   "11063",
    ("24", "108"): "Compliance Procedures for Affirmative Fair Housing Marketing",
    ("24", "110"): "Fair Housing Poster",
    ("24", "115"): "Certification and Funding of State and Local Fair Housing Enforcement "
                   "Agencies",
    ("24", "121"): "Collection of Data",
    ("24", "125"): "Fair Housing Initiatives Program",
    ("24", "146"): "Nondiscrimination on the Basis of Age in HUD Programs or Activities "
                   "Receiving Federal Financial Assistance",
    ("24", "180"): "Consolidated HUD Hearing Procedures for Civil Rights Matters",
    ("24", "200"): "Introduction to FHA Programs",
    ("24", "201"): "Title I Property Improvement and Manufactured Home Loans",
    ("24", "202"): "Approval of Lending Institutions and Mortgagees",
    ("24", "203"): "Single Family Mortgage Insurance",
    ("24", "206"): "Home Equity Conversion Mortgage Insurance",
    ("24", "207"): "Multifamily Housing Mortgage Insurance",
    ("24", "213"): "Cooperative Housing Mortgage Insurance",
    ("24", "214"): "Housing Counseling Program",
    ("24", "220"): "Mortgage Insurance and Insured Improvement Loans for Urban Renewal and "
                   "Concentrated Development Areas",
    ("24", "221"): "Low Cost and Moderate Income Mortgage Insurance",
    ("24", "231"): "Housing Mortgage Insurance for the Elderly",
    ("24", "232"): "Mortgage Insurance for Nursing Homes, Intermediate Care Facilities, Board "
                   "and Care Homes, and Assisted Living Facilities",
    ("24", "234"): "Condominium Ownership Mortgage Insurance",
    ("24", "236"): "Mortgage Insurance and Interest Reduction Payment for Rental Projects",
    ("24", "241"): "Supplementary Financing for Insured Project Mortgages",
    ("24", "242"): "Mortgage Insurance for Hospitals",
    ("24", "245"): "Tenant Participation in Multifamily Housing Projects",
    ("24", "246"): "Local Rent Control",
    ("24", "247"): "Evictions From Certain Subsidized and HUD-Owned Projects",
    ("24", "248"): "Prepayment of Low Income Housing Mortgages",
    ("24", "266"): "Housing Finance Agency Risk-Sharing Program for Insured Affordable "
                   "Multifamily Project Loans",
    ("24", "267"): "Credit Risk Retention",
    ("24", "290"): "Disposition of HUD-Owned Multifamily Housing Projects and Sale of "
                   "HUD-Held Multifamily Housing Loans",
    ("24", "291"): "Disposition of HUD-Acquired Single Family Property",
    ("24", "401"): "Multifamily Housing Mortgage and Housing Assistance Restructuring Program "
                   "(Mark-to-Market)",
    ("24", "570"): "Community Development Block Grants",
    ("24", "574"): "Housing Opportunities for Persons With AIDS",
    ("24", "576"): "Emergency Solutions Grants Program",
    ("24", "578"): "Continuum of Care Program",
    ("24", "581"): "Use of Federal Real Property to Assist the Homeless",
    ("24", "582"): "Shelter Plus Care",
    ("24", "583"): "Supportive Housing Program",
    ("24", "700"): "Congregate Housing Services Program",
    ("24", "761"): "Drug Elimination Programs",
    ("24", "880"): "Section 8 Housing Assistance Payments Program for New Construction",
    ("24", "881"): "Section 8 Housing Assistance Payments Program for Substantial "
                   "Rehabilitation",
    ("24", "882"): "Section 8 Moderate Rehabilitation Programs",
    ("24", "883"): "Section 8 Housing Assistance Payments Program—State Housing Agencies",
    ("24", "884"): "Section 8 Housing Assistance Payments Program, New Construction Set-Aside "
                   "for Section 515 Rural Rental Housing Projects",
    ("24", "886"): "Section 8 Housing Assistance Payments Program—Special Allocations",
    ("24", "888"): "Section 8 Housing Assistance Payments Program—Fair Market Rents and "
                   "Contract Rent Annual Adjustment Factors",
    ("24", "891"): "Supportive Housing for the Elderly and Persons With Disabilities",
    ("24", "902"): "Public Housing Assessment System",
    ("24", "903"): "Public Housing Agency Plans",
    ("24", "904"): "Low Rent Housing Homeownership Opportunities",
    ("24", "905"): "The Public Housing Capital Fund Program",
    ("24", "906"): "Section 32 Public Housing Homeownership Program",
    ("24", "907"): "Substantial Default by a Public Housing Agency",
    ("24", "943"): "Public Housing Agency Consortia and Joint Ventures",
    ("24", "945"): "Designated Housing—Public Housing Designated for Occupancy by Disabled, "
                   "Elderly, or Disabled and Elderly Families",
    ("24", "960"): "Admission to, and Occupancy of, Public Housing",
    ("24", "963"): "Public Housing—Contracting With Resident-Owned Businesses",
    ("24", "964"): "Tenant Participation and Tenant Opportunities in Public Housing",
    ("24", "965"): "PHA-Owned or Leased Projects—General Provisions",
    ("24", "966"): "Public Housing Lease and Grievance Procedure",
    ("24", "970"): "Public Housing Program—Demolition or Disposition of Public Housing "
                   "Projects",
    ("24", "971"): "Assessment of the Reasonable Revitalization Potential of Certain Public "
                   "Housing Required by Law",
    ("24", "972"): "Conversion of Public Housing to Tenant-Based Assistance",
    ("24", "982"): "Section 8 Tenant-Based Assistance: Housing Choice Voucher Program",
    ("24", "983"): "Project-Based Voucher (PBV) Program",
    ("24", "984"): "Section 8 and Public Housing Family Self-Sufficiency Program",
    ("24", "985"): "Section 8 Management Assessment Program (SEMAP)",
    ("24", "990"): "The Public Housing Operating Fund Program",
    ("24", "1000"): "Native American Housing Activities",
    ("24", "1003"): "Community Development Block Grants for Indian Tribes and Alaska Native "
                    "Villages",
    ("24", "1005"): "Loan Guarantees for Indian Housing",
    ("24", "1006"): "Native Hawaiian Housing Block Grant Program",
    ("24", "1007"): "Section 184A Loan Guarantees for Native Hawaiian Housing",
    ("24", "3280"): "Manufactured Home Construction and Safety Standards",
    ("24", "3282"): "Manufactured Home Procedural and Enforcement Regulations",
    ("24", "3284"): "Manufactured Housing Program Fee",
    ("24", "3285"): "Model Manufactured Home Installation Standards",
    ("24", "3286"): "Manufactured Home Installation Program",
    ("24", "3288"): "Manufactured Home Dispute Resolution Program",
}  # fmt: skip

USC = "usc"
CFR = "cfr"
_WORD = re.compile(r"[A-Za-z]{3,}")
_TRAILING_DOT = re.compile(r"[.;:,\s]+$")


def title_name(source: str, title: str) -> str:
    """A title's name: the US Code's or CFR's own, a folder that is a name, else none."""
    if source == USC:
        return USC_TITLES.get(title, "")
    if source == CFR:
        return CFR_TITLES.get(title, "")
    return folder_name(title)


def chapter_name(chapter: Chapter) -> str:
    """A chapter's (or CFR part's) name: the table's, its folder's, or its headings' range."""
    if chapter.source == CFR and (chapter.title, chapter.chapter) in CFR_PARTS:
        return CFR_PARTS[(chapter.title, chapter.chapter)]
    return folder_name(chapter.chapter) or heading_range(chapter)


def heading_range(chapter: Chapter) -> str:
    """ "First heading … last heading" of a chapter's sections (one heading for one section)."""
    first = _TRAILING_DOT.sub("", chapter.first_heading or "")
    last = _TRAILING_DOT.sub("", chapter.last_heading or "")
    if not first and not last:
        return ""
    if chapter.sections == 1 or first == last or not last:
        return first or last
    return f"{first or '…'} … {last}"


def folder_name(folder: str) -> str:
    """A data folder that is a name (`real-property` -> `Real property`), else empty."""
    words = folder.replace("_", "-").split("-")
    if len(_WORD.findall(folder)) < 2 or not any(w.isalpha() and len(w) > 2 for w in words):
        return ""
    text = " ".join(w for w in words if w)
    return text[:1].upper() + text[1:]
