-- A small hotel: rooms booked for a day, with when each booking was made and changed, the
-- times kept as the application's text gives them.
CREATE TABLE room (
    id INT PRIMARY KEY,
    name VARCHAR(20) NOT NULL,
    opens TIME
);

CREATE TABLE booking (
    id INT PRIMARY KEY,
    room_id INT NOT NULL REFERENCES room(id),
    stay_day DATE NOT NULL,
    created_time TIMESTAMP NOT NULL,
    updated_time TIMESTAMP NOT NULL
);
