"""A city unlike the training city, for the printables' and the photo reader's tests: a purple landmark, a
landmark over two locations, a diagonal road, a removed road, a three-tourist cafe, no Visit-Them-All points,
player boards 1 and 7."""

HARBOUR_TOWN = {
    "format": "enroute-board/1",
    "id": "harbour-town",
    "name": "Harbour Town",
    "size": [6, 6],
    "player_boards": [
        {"number": 1, "columns": [3, 1, 6, 2, 5, 4], "rows": [6, 5, 4, 3, 2, 1]},
        {"number": 7, "columns": [2, 4, 6, 1, 3, 5], "rows": [1, 3, 5, 2, 4, 6]},
    ],
    "landmarks": [
        {"id": "trade-tower", "name": "Trade Tower", "kind": "purple", "locations": [[2, 3]]},
        {"id": "long-park", "name": "Long Park", "kind": "green", "locations": [[4, 4], [5, 4]]},
        {"id": "lighthouse", "name": "Lighthouse", "kind": "yellow", "pp": 7, "locations": [[6, 6]]},
        {"id": "harbour-crane", "name": "Harbour Crane", "kind": "grey", "locations": [[1, 1]]},
        {"id": "fish-market", "name": "Fish Market", "kind": "red", "locations": [[3, 2]]},
        {"id": "maritime-museum", "name": "Maritime Museum", "kind": "blue", "locations": [[5, 2]]},
    ],
    "ratings": {"harbour-crane": [2, 5, 9]},
    "cafes": [
        {"at": [0, 3], "bonus": "tourists", "tourists": {"purple": 1, "blue": 2}},
        {"at": [6, 1], "bonus": "section"},
    ],
    "roads": {
        "remove": [[[0, 6], [1, 6]]],
        "add": [{"section": [[2, 4], [3, 5]], "borders": [[3, 5]], "tags": ["diagonal"]}],
    },
}
