/* Hand-written summaries of java.util.List<Integer> (and new ArrayList<>()) over the heap's
   list cells (heap.pl): each method takes the list as its first argument, throws
   NullPointerException on a null list and IndexOutOfBoundsException where ArrayList does;
   these checks are paths, never branches, as the bytecode has no branch for them. Lists hold
   ints: an Integer argument is boxed by the caller, a result unboxed, and no element is
   null. Booleans are 0 and 1.
*/

'java.util.ArrayList.<init>()'([], List, S0, S, ok) :-
    heap:new_list(List, S0, S).

% new ArrayList<>(capacity): a negative capacity throws; another is not observable, but the
% JVM allocates it, so a path whose capacity is too large to allocate in a test (beyond a
% million) is cut, as a path creating a too long array is.
'java.util.ArrayList.<init>(int)'([Capacity], _, S, S, exc('java.lang.IllegalArgumentException')) :-
    jvm:guarded(Capacity #< 0).
'java.util.ArrayList.<init>(int)'([Capacity], List, S0, S, ok) :-
    jvm:guarded(Capacity #>= 0),
    jvm:guarded(Capacity #=< 1048576),
    heap:new_list(List, S0, S).

'java.util.ArrayList.<init>(List)'([Source], List, S0, S, Ex) :-
    heap:list_copy(Source, List, S0, S, Ex).

'java.util.List.size(List)'([List], Size, S0, S, Ex) :-
    heap:list_size(List, Size, S0, S, Ex).

'java.util.List.isEmpty(List)'([List], Empty, S0, S, Ex) :-
    heap:list_size(List, Size, S0, S, Ex),
    Empty in 0..1,
    Empty #<==> (Size #= 0).

'java.util.List.get(List,int)'([List, Index], Value, S0, S, Ex) :-
    heap:list_get(List, Index, Value, S0, S, Ex).

'java.util.List.set(List,int,int)'([List, Index, Value], Old, S0, S, Ex) :-
    heap:list_set(List, Index, Value, Old, S0, S, Ex).

% add(E) always returns true.
'java.util.List.add(List,int)'([List, Value], 1, S0, S, Ex) :-
    heap:list_add(List, Value, S0, S, Ex).

'java.util.List.add(List,int,int)'([List, Index, Value], void, S0, S, Ex) :-
    heap:list_insert(List, Index, Value, S0, S, Ex).

'java.util.List.remove(List,int)'([List, Index], Value, S0, S, Ex) :-
    heap:list_remove(List, Index, Value, S0, S, Ex).

'java.util.List.clear(List)'([List], void, S0, S, Ex) :-
    heap:list_clear(List, S0, S, Ex).

% contains and indexOf take an Object: an int argument is boxed, and equals compares values.
'java.util.List.contains(List,int)'([List, Value], Found, S0, S, Ex) :-
    heap:list_contains(List, Value, Found, S0, S, Ex).

'java.util.List.indexOf(List,int)'([List, Value], Index, S0, S, Ex) :-
    heap:list_index_of(List, Value, Index, S0, S, Ex).
