"""The words printed on Welcome To...'s paper kit, marked for the catalogues (translated when drawn)."""

from companion.games.core.problems import N_

TITLE = N_("Welcome To...")
SHEET_TITLE = N_("Welcome To...: player sheet")
SHEET_SUBTITLE = N_("Drawn by the companion from the sheet's data; any pen will do.")
NAME = N_("Name")
STREET = N_("Street {n}")
PARKS = N_("Parks")
POOLS = N_("Pools")
TEMPS = N_("Temp agency")
ESTATE_VALUES = N_("Estate values (by estate size)")
BIS = N_("Bis")
REFUSALS = N_("Permit refusals")
ROUNDABOUTS = N_("Roundabouts (intermediate)")
PLANS = N_("City plans")
STACK = N_("n°{n}")
SCORE = N_("Score")
TOTAL = N_("Total")
ROWS = (N_("City plans"), N_("Parks"), N_("Pools"), N_("Temp agency"), N_("Estates"), N_("Bis"),
        N_("Permit refusals"), N_("Roundabouts"))
MINUS_ROWS = (N_("Bis"), N_("Permit refusals"), N_("Roundabouts"))
HELP = N_("Numbers rise from left to right on each street. Fences go on the dotted lines; for a bis write the "
          "copied number and tick the house's b box, for a roundabout tick its R box. Cross track boxes from the "
          "left; each row scores its lowest visible value.")
PAD_TITLE = N_("Welcome To...: score pad")
DATE = N_("Date")
PLAYER_COLUMN = N_("Player {n}")
PLAN_ROW = N_("City plan n°{n}")
ESTATES_COUNT = N_("Completed estates (for ties)")
TIES = N_("Ties: most completed estates, then most 1-house estates, then 2-house, and so on.")
SUBJECT = N_("Print-and-play sheet drawn by the companion from the sheet's data")
